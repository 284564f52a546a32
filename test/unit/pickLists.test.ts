// The Add flows' pick lists read through the ARM client from the emulator over real sockets on 127.0.0.1.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ArmClient } from '../../src/core/arm/client';
import {
  listDataShareAccounts,
  listLocations,
  listResourceGroups,
  listShareSubscriptions,
  listSubscriptions,
} from '../../src/core/services/pickLists';
import { listTenants } from '../../src/core/services/tenants';
import { markRegion } from '../../src/core/services/markRegion';
import { type Emulator } from '../emulator/server';
import { startTestEmulator } from '../emulator/testEmulator';
import { MemoryLogger, signedInClient } from './armHarness';

const SUB = '00000000-0000-0000-0000-000000000001';
let emu: Emulator;
let client: ArmClient;

before(async () => {
  emu = await startTestEmulator({ lroPolls: 2 });
  client = signedInClient(emu, { userAgent: 'pick-test', clientSecret: 'pick-secret', logger: new MemoryLogger() });
});
after(() => emu.close());

test('subscriptions, resource groups and physical locations, sorted by label', async () => {
  assert.deepEqual(await listSubscriptions(client), [{ value: SUB, label: 'Contoso Emulator', description: SUB }]);
  assert.deepEqual((await listResourceGroups(client, SUB)).map((g) => `${g.value} ${g.description}`), [
    'rg-api westeurope',
    'rg-containers northeurope',
    'rg-demo westeurope',
    'rg-share westeurope',
  ]);
  const locations = await listLocations(client, SUB);
  assert.deepEqual(locations.map((l) => l.value), ['eastus', 'northeurope', 'uksouth', 'westeurope', 'westus2']);
  assert.equal(locations.find((l) => l.value === 'westeurope')?.label, 'West Europe');
});

test('Data Share accounts with their resource group, then the account\'s share subscriptions', async () => {
  const accounts = await listDataShareAccounts(client, SUB);
  assert.deepEqual(accounts.map((a) => [a.value, a.resourceGroup]), [['contoso-share', 'rg-share']]);
  const subs = await listShareSubscriptions(client, { subscriptionId: SUB, resourceGroup: 'rg-share', accountName: 'contoso-share' });
  assert.deepEqual(subs.map((s) => `${s.value}: ${s.description}`), ['sales-settings-5: sales · Active', 'telemetry-rows-100000: telemetry · Active']);
});

test('tenants for Select Tenant', async () => {
  const tenants = await listTenants(client);
  assert.equal(tenants.length, 1);
  assert.equal(tenants[0].displayName, 'Contoso (emulator)');
});

test('an unknown subscription is an error the flow can fall back from', async () => {
  await assert.rejects(listResourceGroups(client, '00000000-0000-0000-0000-00000000ffff'), /could not be found/);
});

test("the location list puts the resource group's region first and says so, whichever way it is written", () => {
  const items = [
    { value: 'eastus', label: 'East US', description: 'eastus' },
    { value: 'westeurope', label: 'West Europe', description: 'westeurope' },
  ];
  const marked = markRegion(items, 'West Europe', 'region of rg-web');
  assert.deepEqual(marked.map((i) => [i.value, i.description]), [['westeurope', 'westeurope · region of rg-web'], ['eastus', 'eastus']]);
  assert.deepEqual(markRegion(items, undefined, 'x'), items, 'a group whose region is not known marks nothing');
  assert.deepEqual(markRegion(items, 'mars', 'x'), items);
});
