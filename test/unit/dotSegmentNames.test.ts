// Names `.` and `..` pass percent-encoding unchanged and a URL resolves them, so a share subscription entry
// named so would address another resource: they are refused in the settings, the Add flow's input, the ARM
// path itself and the saved state of a restored report, trend or compare panel.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareInitFrom } from '../../src/core/report/compare/compareMessages';
import { isReportPanelState } from '../../src/core/report/report/messages';
import { isTrendPanelState } from '../../src/core/report/trend/trendMessages';
import { shareSubscriptionPath } from '../../src/core/services/resourcePaths';
import { readShareSubscriptions } from '../../src/core/settings/model';
import { checkShareSubscriptionName } from '../../src/core/settings/nameRules';

const target = { subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg', accountName: 'acc', shareSubscriptionName: 'sales' };
const DOTS = ['.', '..'];
const FIELDS = ['subscriptionId', 'resourceGroup', 'accountName', 'shareSubscriptionName'] as const;

test('a share subscription path refuses `.` and `..` in any segment', () => {
  // What the URL would become: the dot segments are resolved away, leaving the account's path.
  assert.equal(new URL(`https://h${'/accounts/acc/shareSubscriptions/..'}`).pathname, '/accounts/acc/');
  for (const field of FIELDS) {
    for (const dots of DOTS) assert.throws(() => shareSubscriptionPath({ ...target, [field]: dots }), /'\.' and '\.\.' would change the resource's path/, `${field}=${dots}`);
  }
  assert.match(shareSubscriptionPath({ ...target, shareSubscriptionName: '...' }), /shareSubscriptions\/\.\.\.$/);
});

test('settings entries named `.` or `..` are skipped with a message, and the Add flow refuses them', () => {
  for (const dots of DOTS) {
    const r = readShareSubscriptions([{ ...target, shareSubscriptionName: ` ${dots} ` }, target]);
    assert.deepEqual(r.items, [target]);
    assert.deepEqual(r.problems, ["Share subscription entry 1: '.' and '..' are not names (shareSubscriptionName)."]);
    assert.equal(checkShareSubscriptionName(dots), "'.' and '..' are not names.");
  }
});

test('a restored report, trend or compare panel whose saved target is named `.` or `..` is refused', () => {
  const a = { synchronizationId: 'id-a' };
  const b = { synchronizationId: 'id-b' };
  assert.ok(isReportPanelState({ target, query: {} }));
  assert.ok(isTrendPanelState({ target, count: 4 }));
  assert.ok(compareInitFrom({ target, a, b, query: {} }));
  for (const field of FIELDS) {
    for (const dots of DOTS) {
      const bad = { ...target, [field]: dots };
      assert.equal(isReportPanelState({ target: bad, query: {} }), false, `${field}=${dots}`);
      assert.equal(isTrendPanelState({ target: bad, count: 4 }), false);
      assert.equal(compareInitFrom({ target: bad, a, b, query: {} }), undefined);
    }
  }
});
