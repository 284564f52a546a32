// The ARM test harness itself: a real client-secret sign-in against the emulator, then one ARM call with it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startHarness, SUBSCRIPTION, tokenRequests } from './armHarness';

test('harness: signs in with a client secret and reaches the emulator', async () => {
  const h = await startHarness();
  try {
    const res = await h.client.request<{ value: unknown[] }>({
      method: 'POST',
      path: `/subscriptions/${SUBSCRIPTION}/resourceGroups/rg/providers/Microsoft.DataShare/accounts/acc/shareSubscriptions/settings-1/listSourceShareSynchronizationSettings`,
      apiVersion: '2021-08-01',
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.value.length, 1);
    assert.equal(tokenRequests(h.emu), 1);
  } finally {
    await h.close();
  }
});
