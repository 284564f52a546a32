// The emulator where the product depends on it, on a clock the test moves (nothing sleeps): a restart runs the
// containers again in place, a stopped group keeps the log it wrote, a group still being created can be deleted (202
// with a status URL), and operations end with time, polled or not.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runContainerGroupAction } from '../../../src/core/containerGroup/actions';
import { getContainerLogs } from '../../../src/core/containerGroup/logsRequest';
import { getContainerGroup } from '../../../src/core/services/containerGroups';
import { ArmError } from '../../../src/core/arm/errors';
import { startHarness, type Harness } from '../../unit/armHarness';
import { ACI_PATH, armRequest, getToken, minimalGroup } from '../testClient';

const SUB = '00000000-0000-0000-0000-0000000000f1';
const RG = 'rg-fidelity';
let clock = Date.parse('2026-03-01T10:00:00Z');
let h: Harness;
const noWait = { sleep: async () => undefined, defaultPollMs: 1 };
const ref = (name: string) => ({ subscriptionId: SUB, resourceGroup: RG, name });

before(async () => {
  h = await startHarness({ lroPolls: 2, lroSeconds: 60, now: () => clock });
});
after(() => h.close());

type Container = { name: string; properties: { instanceView?: { restartCount?: number; currentState?: { state?: string; startTime?: string }; previousState?: { state?: string }; events?: { name: string; count: number }[] } } };

async function put(name: string): Promise<void> {
  const token = await getToken(h.emu.url);
  assert.equal((await armRequest(h.emu.url, token, 'PUT', ACI_PATH(name, SUB, RG), { body: minimalGroup() })).status, 201);
}

async function view(name: string): Promise<{ provisioningState?: string; state?: string; app: Container['properties']['instanceView'] }> {
  const body = (await getContainerGroup(h.client, ref(name))).body as { properties: { provisioningState?: string; instanceView?: { state?: string }; containers: Container[] } };
  return { provisioningState: body.properties.provisioningState, state: body.properties.instanceView?.state, app: body.properties.containers[0].properties.instanceView };
}

const logOf = (name: string) => getContainerLogs(h.client, { group: ref(name), containerName: 'app', timestamps: true, maxRetries: 0 });

test('an operation nobody polls ends with time: a create left behind (a cancelled deploy) is not Pending for ever', async () => {
  await put('fid-time');
  clock += 61_000;
  assert.equal((await view('fid-time')).provisioningState, 'Succeeded');
});

test('restart runs the containers again in place: a new instance, restartCount + 1, its events, and a new log', async () => {
  await put('fid-restart');
  clock += 61_000;
  const before = await view('fid-restart');
  assert.deepEqual([before.app?.restartCount, before.app?.currentState?.state], [0, 'Running']);
  clock += 30_000;
  assert.ok((await logOf('fid-restart')).split('\n').length > 30, 'the first instance wrote a line a second');
  const restartAt = clock;
  const result = await runContainerGroupAction(h.client, ref('fid-restart'), 'restart', noWait);
  assert.equal(result.status, 204);
  const after = await view('fid-restart');
  assert.equal(after.app?.restartCount, 1);
  assert.equal(after.app?.currentState?.state, 'Running');
  assert.equal(after.app?.currentState?.startTime, new Date(restartAt).toISOString());
  assert.equal(after.app?.previousState?.state, 'Terminated');
  assert.equal(after.app?.events?.find((e) => e.name === 'Started')?.count, 2);
  clock += 2_000;
  const log = (await logOf('fid-restart')).split('\n').filter((l) => l !== '');
  assert.ok(log.length < 10, `the new instance's own log: ${log.length} lines`);
  assert.ok(Date.parse(log[0].split(' ')[0]) >= restartAt, 'it starts at the restart');
});

test("a stopped group shows Stopped, its containers Terminated, and keeps the log it wrote, capped as the service keeps it", async () => {
  await put('fid-stop');
  clock += 61_000 + 2 * 3_600_000; // two hours of lines: more than a stopped instance keeps
  await runContainerGroupAction(h.client, ref('fid-stop'), 'stop', noWait);
  const stopped = await view('fid-stop');
  assert.deepEqual([stopped.state, stopped.app?.currentState?.state], ['Stopped', 'Terminated']);
  const atStop = await logOf('fid-stop');
  clock += 3_600_000;
  assert.equal(await logOf('fid-stop'), atStop, 'nothing is written after the stop');
  assert.ok(atStop.split('\n').filter((l) => l !== '').length <= 1000 && Buffer.byteLength(atStop) <= 16 * 1024, 'at most 1,000 lines and 16 KB');
  assert.ok(atStop.length > 0);
});

test('a group still being created is deleted: 202 with a status URL, followed to the end; the group is then gone', async () => {
  await put('fid-delete');
  const from = h.emu.requests.length;
  const result = await runContainerGroupAction(h.client, ref('fid-delete'), 'delete', noWait);
  assert.equal(result.outcome, 'succeeded');
  const sent = h.emu.requests.slice(from).filter((r) => r.path.startsWith('/subscriptions/'));
  assert.equal(`${sent[0].method} ${sent[0].status}`, 'DELETE 202');
  assert.ok(sent.slice(1).every((r) => r.method === 'GET' && r.path.includes('/operations/') && r.status === 200), JSON.stringify(sent));
  await assert.rejects(getContainerGroup(h.client, ref('fid-delete')), (e: unknown) => e instanceof ArmError && e.status === 404);
});
