import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmError } from '../../src/core/arm/errors';
import { ACI_API_VERSION, containerGroupPath, getContainerGroup } from '../../src/core/services/containerGroups';
import { DATA_SHARE_API_VERSION, listSynchronizationDetails, shareSubscriptionPath } from '../../src/core/services/dataShare';
import { SUBSCRIPTION, startHarness } from './armHarness';

test('API versions are the ones the extension is written against', () => {
  assert.equal(ACI_API_VERSION, '2023-05-01');
  assert.equal(DATA_SHARE_API_VERSION, '2021-08-01');
});

test('paths encode every segment so a name cannot add segments or a query', () => {
  assert.equal(
    containerGroupPath({ subscriptionId: 'sub', resourceGroup: 'my rg', name: 'a/../b?x=1#f' }),
    '/subscriptions/sub/resourceGroups/my%20rg/providers/Microsoft.ContainerInstance/containerGroups/a%2F..%2Fb%3Fx%3D1%23f',
  );
  assert.equal(
    shareSubscriptionPath({ subscriptionId: 's', resourceGroup: 'rg', accountName: 'acc', shareSubscriptionName: 'sub/1' }),
    '/subscriptions/s/resourceGroups/rg/providers/Microsoft.DataShare/accounts/acc/shareSubscriptions/sub%2F1',
  );
  assert.throws(() => containerGroupPath({ subscriptionId: 's', resourceGroup: 'rg', name: '' }), /container group name must not be empty/);
});

test('a missing container group is a 404 ArmError with the service message', async () => {
  const h = await startHarness();
  try {
    await assert.rejects(getContainerGroup(h.client, { subscriptionId: SUBSCRIPTION, resourceGroup: 'rg1', name: 'absent' }), (err: unknown) => {
      assert.ok(err instanceof ArmError);
      assert.equal(err.status, 404);
      assert.equal(err.code, 'ResourceNotFound');
      assert.match(err.message, /^Not Found \(404\): The Resource .*absent.* \[ResourceNotFound\]$/);
      return true;
    });
  } finally {
    await h.close();
  }
});

test('a $filter the service rejects comes back as a 400 ArmError on the first page', async () => {
  const h = await startHarness();
  try {
    const ref = { subscriptionId: SUBSCRIPTION, resourceGroup: 'rg1', accountName: 'acc', shareSubscriptionName: 'rows-2' };
    const pages = listSynchronizationDetails(h.client, ref, 'sync-1', { filter: 'bogus filter' });
    await assert.rejects(pages.next(), (err: unknown) => err instanceof ArmError && err.status === 400 && /\(400\): .+\[\w+\]$/.test(err.message));
  } finally {
    await h.close();
  }
});
