// Reading ARM's remaining-request counters: the kind the method draws on, the -global- forms, nothing when unsure.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isLowQuota, quotaKindOf, remainingQuota, remainingRequests } from '../../src/core/arm/rateLimit';

test('reads for GET and HEAD; deletes for DELETE; writes for PUT, PATCH and POST (POST listings report -writes)', () => {
  assert.deepEqual(['GET', 'head', 'PUT', 'PATCH', 'DELETE', 'delete', 'POST'].map(quotaKindOf), ['reads', 'reads', 'writes', 'writes', 'deletes', 'deletes', 'writes']);
});

test('a DELETE reads the deletes counter, or its -global- form, and nothing else', () => {
  // Recorded real delete (recording_containergroups_delete_test.json): -deletes and the provider's own counters only.
  const recorded = {
    'x-ms-ratelimit-remaining-subscription-deletes': '14999',
    'x-ms-ratelimit-remaining-subscription-resource-requests-pt1h': '299',
    'x-ms-ratelimit-remaining-subscription-resource-requests-pt5m': '99',
  };
  assert.deepEqual(remainingQuota(recorded, quotaKindOf('DELETE')), { kind: 'deletes', count: 14999 });
  assert.deepEqual(remainingQuota({ 'x-ms-ratelimit-remaining-subscription-global-deletes': '11999' }, 'deletes'), { kind: 'deletes', count: 11999 });
  // A writes or reads counter on a delete's answer is no count of deletes: nothing is shown.
  assert.equal(remainingQuota({ 'x-ms-ratelimit-remaining-subscription-writes': '1199' }, 'deletes'), undefined);
  assert.equal(remainingQuota({ 'x-ms-ratelimit-remaining-subscription-reads': '11999' }, 'deletes'), undefined);
  assert.equal(remainingQuota({ 'x-ms-ratelimit-remaining-subscription-deletes': '-3' }, 'deletes'), undefined);
  // Nor does a deletes counter stand in for writes or reads.
  assert.equal(remainingQuota({ 'x-ms-ratelimit-remaining-subscription-deletes': '14999' }, 'writes'), undefined);
  assert.equal(remainingQuota({ 'x-ms-ratelimit-remaining-subscription-deletes': '14999' }, 'reads'), undefined);
});

test('the classic header, else the -global- form newer ARM sends', () => {
  assert.equal(remainingRequests({ 'x-ms-ratelimit-remaining-subscription-reads': '11999' }, 'reads'), 11999);
  assert.equal(remainingRequests({ 'x-ms-ratelimit-remaining-subscription-global-reads': '249' }, 'reads'), 249);
  assert.equal(remainingRequests({ 'x-ms-ratelimit-remaining-subscription-global-writes': '199' }, 'writes'), 199);
});

test('a counter of the other kind, or an unreadable value, gives nothing rather than a wrong number', () => {
  // A POST page carries only -writes: it is no count of reads.
  assert.equal(remainingRequests({ 'x-ms-ratelimit-remaining-subscription-writes': '1199' }, 'reads'), undefined);
  for (const bad of ['', '12abc', '-1', '1.5', 'many']) {
    assert.equal(remainingRequests({ 'x-ms-ratelimit-remaining-subscription-reads': bad }, 'reads'), undefined, bad);
  }
  // An unreadable classic header does not hide a readable global one.
  assert.equal(remainingRequests({ 'x-ms-ratelimit-remaining-subscription-reads': 'x', 'x-ms-ratelimit-remaining-subscription-global-reads': '7' }, 'reads'), 7);
});

test('a counter is named by its own kind: the request kind first, else the other, never renamed', () => {
  assert.deepEqual(remainingQuota({ 'x-ms-ratelimit-remaining-subscription-writes': '1198' }, 'writes'), { kind: 'writes', count: 1198 });
  // Published Data Share examples send -reads on a POST listing: it stays "reads".
  assert.deepEqual(remainingQuota({ 'x-ms-ratelimit-remaining-subscription-reads': '14993' }, 'writes'), { kind: 'reads', count: 14993 });
  assert.deepEqual(
    remainingQuota({ 'x-ms-ratelimit-remaining-subscription-reads': '5', 'x-ms-ratelimit-remaining-subscription-global-writes': '7' }, 'writes'),
    { kind: 'writes', count: 7 },
  );
  assert.equal(remainingQuota({ 'x-ms-ratelimit-remaining-subscription-writes': 'lots' }, 'writes'), undefined);
});

test('a budget is low under 50 remaining requests of its kind, and unknown is never low', () => {
  assert.equal(isLowQuota({ kind: 'writes', count: 49 }), true);
  assert.equal(isLowQuota({ kind: 'reads', count: 0 }), true);
  assert.equal(isLowQuota({ kind: 'writes', count: 50 }), false);
  assert.equal(isLowQuota(undefined), false);
});
