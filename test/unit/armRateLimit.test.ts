// Reading ARM's remaining-request counters: the kind the method draws on, the -global- forms, nothing when unsure.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { quotaKindOf, remainingQuota, remainingRequests } from '../../src/core/arm/rateLimit';

test('reads for GET and HEAD; writes for PUT, PATCH, DELETE and POST (POST listings report -writes)', () => {
  assert.deepEqual(['GET', 'head', 'PUT', 'PATCH', 'DELETE', 'POST'].map(quotaKindOf), ['reads', 'reads', 'writes', 'writes', 'writes', 'writes']);
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
