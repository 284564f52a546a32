// The live state of a configured group: the model of a GET body, the GET itself against the ARM emulator over
// real sockets (404: not deployed yet; a container that keeps exiting), and the comparison with the definition
// through the deploy confirmation's own change summary.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ArmClient } from '../../src/core/arm/client';
import { ArmError } from '../../src/core/arm/errors';
import { readDefinitionText } from '../../src/core/containerGroup/readDefinition';
import { containerTone, lastExitCode, newestFirst, readLiveGroup } from '../../src/core/containerGroup/liveState';
import { deployBody, prepareDeploy, readExistingGroup } from '../../src/core/deploy/deployContainerGroup';
import { describeChanges } from '../../src/core/deploy/diff';
import { compareWithDefinition, fetchLiveState, liveReadApiVersion, liveReadOf } from '../../src/core/deploy/liveFetch';
import { ACI_API_VERSION } from '../../src/core/services/resourcePaths';
import { type Emulator } from '../emulator/server';
import { startTestEmulator } from '../emulator/testEmulator';
import { MemoryLogger, signedInClient } from './armHarness';
import { API_VERSION, groupYaml, NGINX_IMAGE, publicAddressLines, SECRET_REFERENCE_LINES } from '../definitionTexts';

const SUB = '00000000-0000-0000-0000-0000000000a7';
const RG = 'rg-live';
const SECRET = 'Live-secret-never-shown-71';

let emu: Emulator;
let client: ArmClient;

before(async () => {
  emu = await startTestEmulator();
  client = signedInClient(emu, { userAgent: 'live-test', clientSecret: 'client-secret-live', logger: new MemoryLogger() });
});

after(() => emu.close());

const yaml = (name: string, opts: { image?: string; command?: string } = {}) =>
  groupYaml({
    top: { apiVersion: API_VERSION, name, location: 'West Europe' },
    itemIndent: 2,
    image: opts.image ?? NGINX_IMAGE,
    container: SECRET_REFERENCE_LINES,
    // A second container, the job, written at the group's indentation plus the item's.
    after: [
      '  - name: job',
      '    properties:',
      '      image: mcr.microsoft.com/azuredocs/aci-wordcount:latest',
      '      resources: { requests: { cpu: 0.5, memoryInGB: 0.5 } }',
      ...(opts.command ? [`      command: ${opts.command}`] : []),
      ...publicAddressLines(name),
    ],
  });

async function deploy(name: string, text: string) {
  const ref = { subscriptionId: SUB, resourceGroup: RG, name };
  const prepared = await prepareDeploy(text, 'live.aci.yaml', ref, (n) => (n === 'db' ? SECRET : undefined));
  await deployBody(client, ref, prepared.body, { defaultPollMs: 1 });
  return ref;
}

// Shaped like the 2023-05-01 example ContainerGroupsGet_Failed.json (group instanceView with events; a container
// instanceView with restartCount, currentState and events), plus a previousState as container-state.md names it.
const FAILED_BODY = {
  properties: {
    provisioningState: 'Failed',
    ipAddress: { ip: '10.0.0.1', type: 'Public' },
    instanceView: {
      state: 'Pending',
      events: [{ count: 1, firstTimestamp: '2022-11-11T19:33:44Z', lastTimestamp: '2022-11-11T19:33:44Z', name: 'FailedMount', message: 'Output: mount error(2): Permission denied', type: 'Normal' }],
    },
    containers: [
      {
        name: 'demo1',
        properties: {
          image: 'nginx',
          environmentVariables: [{ name: 'SHOWN_NEVER', value: 'plain-value-never-read' }],
          instanceView: {
            restartCount: 2,
            currentState: { state: 'Waiting', startTime: '2022-11-11T19:33:44Z', detailStatus: '' },
            previousState: { state: 'Terminated', startTime: '2022-11-11T19:30:00Z', finishTime: '2022-11-11T19:33:40Z', exitCode: 137, detailStatus: 'Error' },
            events: [
              { count: 1, firstTimestamp: '2022-11-11T19:28:22Z', lastTimestamp: '2022-11-11T19:28:22Z', name: 'Pulling', message: 'pulling image "nginx"', type: 'Normal' },
              { count: 1, firstTimestamp: '2022-11-11T19:32:09Z', lastTimestamp: '2022-11-11T19:32:09Z', name: 'Pulled', message: 'Successfully pulled image "nginx"', type: 'Normal' },
            ],
          },
        },
      },
    ],
    initContainers: [{ name: 'setup', properties: { image: 'busybox', instanceView: { restartCount: 0, currentState: { state: 'Terminated', exitCode: 0, detailStatus: 'Completed' } } } }],
  },
};

test('the model of a GET body: states, restarts, last exit code, events newest first, nothing of environment values', () => {
  const g = readLiveGroup(FAILED_BODY);
  assert.equal(g.provisioningState, 'Failed');
  assert.equal(g.state, 'Pending');
  assert.equal(g.ip, '10.0.0.1');
  assert.equal(g.events[0].name, 'FailedMount');
  assert.deepEqual(g.containers.map((c) => [c.name, c.init]), [['setup', true], ['demo1', false]]);
  const demo = g.containers[1];
  assert.equal(demo.current?.state, 'Waiting');
  assert.equal(demo.current?.detailStatus, undefined, 'an empty detailStatus is no detail');
  assert.equal(demo.restartCount, 2);
  assert.equal(lastExitCode(demo), 137);
  assert.deepEqual(demo.events.map((e) => e.name), ['Pulling', 'Pulled'], 'as Azure lists them');
  assert.deepEqual(newestFirst(demo.events).map((e) => e.name), ['Pulled', 'Pulling']);
  assert.equal(containerTone(demo), 'waiting');
  assert.equal(containerTone(g.containers[0]), 'done');
  assert.ok(!JSON.stringify(g).includes('plain-value-never-read'));
});

test('events without a time keep their order after the timed ones', () => {
  const sorted = newestFirst([{ name: 'a' }, { name: 'b', lastTimestamp: '2024-01-01T00:00:00Z' }, { name: 'c' }, { name: 'd', firstTimestamp: '2024-02-01T00:00:00Z' }]);
  assert.deepEqual(sorted.map((e) => e.name), ['d', 'b', 'a', 'c']);
});

test('a group never deployed: the GET answers 404 in ARM words and the live state says not deployed', async () => {
  const ref = { subscriptionId: SUB, resourceGroup: RG, name: 'never-deployed' };
  assert.deepEqual(await fetchLiveState(client, ref), { deployed: false });
  await assert.rejects(client.request({ method: 'GET', path: `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.ContainerInstance/containerGroups/never-deployed`, apiVersion: '2023-05-01' }), (e: unknown) => {
    assert.ok(e instanceof ArmError);
    assert.equal(e.status, 404);
    assert.equal(e.code, 'ResourceNotFound');
    assert.match(e.serviceMessage ?? '', /^The Resource 'Microsoft\.ContainerInstance\/containerGroups\/never-deployed' under resource group 'rg-live' was not found\. For more details please go to https:\/\/aka\.ms\/ARMResourceNotFoundFix$/);
    return true;
  });
});

test('a deployed group: running containers, the address, and a container whose command exits restarts more on each read', async () => {
  const ref = await deploy('live-crash', yaml('live-crash', { command: `['/bin/sh', '-c', 'sleep 5; exit 3']` }));
  const first = await fetchLiveState(client, ref);
  assert.ok(first.deployed);
  assert.equal(first.group.provisioningState, 'Succeeded');
  assert.equal(first.group.state, 'Running');
  assert.equal(first.group.fqdn, 'live-crash-label.westeurope.azurecontainer.io');
  const web = first.group.containers.find((c) => c.name === 'web')!;
  assert.equal(web.current?.state, 'Running');
  assert.equal(web.restartCount, 0);
  assert.equal(containerTone(web), 'ok');
  const job = first.group.containers.find((c) => c.name === 'job')!;
  assert.equal(job.current?.state, 'Running');
  assert.equal(job.previous?.state, 'Terminated');
  assert.equal(lastExitCode(job), 3);
  assert.equal(containerTone(job), 'waiting');
  // Newest first: started again after backing off.
  assert.deepEqual(newestFirst(job.events).map((e) => `${e.name}/${e.type}`), ['Started/Normal', 'BackOff/Warning', 'Pulling/Normal', 'Pulled/Normal']);

  const second = await fetchLiveState(client, ref);
  assert.ok(second.deployed);
  const again = second.group.containers.find((c) => c.name === 'job')!;
  assert.ok((again.restartCount ?? 0) > (job.restartCount ?? 0), `restarts ${job.restartCount} then ${again.restartCount}`);
  assert.equal(again.events.find((e) => e.name === 'BackOff')?.count, again.restartCount);
  assert.ok(!JSON.stringify(second).includes(SECRET));
});

test('with restart policy Never a container that exits stays Terminated and the group ends Failed', async () => {
  const text = yaml('live-once', { command: `['/bin/sh', '-c', 'exit 2']` }).replace('  osType: Linux', '  osType: Linux\n  restartPolicy: Never');
  const ref = await deploy('live-once', text);
  const live = await fetchLiveState(client, ref);
  assert.ok(live.deployed);
  assert.equal(live.group.state, 'Failed');
  const job = live.group.containers.find((c) => c.name === 'job')!;
  assert.deepEqual([job.current?.state, job.current?.exitCode, job.restartCount], ['Terminated', 2, 0]);
  assert.equal(containerTone(job), 'failed');
});

test('the definition compared with the deployed group gives the deploy confirmation lines, none when equal', async () => {
  const text = yaml('live-diff');
  const ref = await deploy('live-diff', text);
  const live = await fetchLiveState(client, ref);
  assert.ok(live.deployed);
  const same = readDefinitionText(text, 'live.aci.yaml');
  assert.ok(same.ok);
  assert.deepEqual(compareWithDefinition(live.resource, same.value, ref), { ok: true, changes: [] });

  const editedText = yaml('live-diff', { image: 'nginx:1.27' });
  const edited = readDefinitionText(editedText, 'live.aci.yaml');
  assert.ok(edited.ok);
  const compared = compareWithDefinition(live.resource, edited.value, ref);
  // The same lines the confirmation of a deploy of the edited file would list.
  const existing = await readExistingGroup(client, ref);
  const body = (await prepareDeploy(editedText, 'live.aci.yaml', ref, () => SECRET)).body;
  assert.deepEqual(compared, { ok: true, changes: describeChanges(existing, body) });
  assert.deepEqual(compared, { ok: true, changes: ['~ containers[web].image: mcr.microsoft.com/azuredocs/nginx:latest → nginx:1.27'] });
});

test('a definition deploy could not send is not compared, with the reason', () => {
  assert.deepEqual(compareWithDefinition({}, 'not an object', { name: 'x' }), { ok: false, message: 'The definition is not an object.' });
});

test('the live read uses the api-version the definition names, as deploy would send it', () => {
  const group = (apiVersion?: string) => ({ ...(apiVersion ? { apiVersion } : {}), location: 'westeurope', name: 'web', properties: { osType: 'Linux', containers: [{ name: 'web', properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1 } } } }] } });
  assert.equal(liveReadApiVersion(group('2025-09-01'), { name: 'web' }), '2025-09-01');
  assert.equal(liveReadApiVersion(group(), { name: 'web' }), ACI_API_VERSION);
  // A version deploy would refuse leaves the read at the default one.
  assert.equal(liveReadApiVersion(group('2099-13-45'), { name: 'web' }), undefined);
});

const SUB_PROFILES = '00000000-0000-0000-0000-0000000000b8';

test('a container group profile definition is read live at its own path and version, and shows as deployed', async () => {
  const profile = {
    apiVersion: '2025-09-01',
    type: 'Microsoft.ContainerInstance/containerGroupProfiles',
    name: 'live-profile',
    location: 'westeurope',
    properties: { osType: 'Linux', containers: [{ name: 'web', properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1 } } } }] },
  };
  const read = liveReadOf(profile, { name: 'live-profile' });
  assert.deepEqual(read, { apiVersion: '2025-09-01', collection: 'containerGroupProfiles' });
  const target = { subscriptionId: SUB_PROFILES, resourceGroup: 'rg-live-profile', name: 'live-profile' };
  assert.deepEqual(await fetchLiveState(client, target, undefined, read), { deployed: false });
  const prepared = await prepareDeploy(JSON.stringify(profile), 'p.aci.json', target, () => undefined);
  await deployBody(client, target, prepared.body, { apiVersion: prepared.apiVersion, collection: read.collection, sleep: async () => undefined });
  const live = await fetchLiveState(client, target, undefined, read);
  assert.equal(live.deployed, true);
  assert.deepEqual(live.deployed && live.group.containers.map((c) => c.name), ['web']);
  const gets = emu.requests.filter((r) => r.method === 'GET' && r.path.includes('/containerGroupProfiles/live-profile?'));
  assert.deepEqual([...new Set(gets.map((r) => r.path.split('?')[1]))], ['api-version=2025-09-01']);
});
