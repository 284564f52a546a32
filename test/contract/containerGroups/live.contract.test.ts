// Replays the published GET of a container group whose provisioning failed through the live state's read and
// comparison (fetchLiveState → the tree's model), over a real socket, and checks what the tree would show.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../../src/core/arm/client';
import { lastExitCode, newestFirst } from '../../../src/core/containerGroup/liveState';
import { compareWithDefinition, fetchLiveState } from '../../../src/core/deploy/liveFetch';
import { StaticTokenProvider } from '../../unit/armHarness';
import { startReplay, type Fixture } from '../replayServer';
import getFailed from './getFailed-example.json';

type Target = { subscriptionId: string; resourceGroup: string; name: string };

test('ContainerGroupsGet_Failed (REST example): states, events and address read as published; its own definition shows no difference', async () => {
  const fixture = getFailed as unknown as Fixture & { target: Target; definition: Record<string, unknown> };
  assert.ok(fixture.source.length > 20, 'the fixture says where it comes from');
  const replay = await startReplay(fixture);
  try {
    const client = new ArmClient({ endpoint: replay.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'contract', timeoutMs: 5000, maxRetries: 0 });
    const live = await fetchLiveState(client, fixture.target);
    assert.deepEqual(replay.mismatches, [], 'one GET of the group, as published');
    assert.equal(replay.served(), fixture.exchanges.length);
    assert.ok(live.deployed);
    const g = live.group;
    assert.deepEqual([g.provisioningState, g.state, g.ip, g.ipType, g.fqdn], ['Failed', 'Pending', '10.0.0.1', 'Public', undefined]);
    assert.deepEqual(g.events.map((e) => `${e.name}: ${e.message}`), ['FailedMount: Output: mount error(2): Permission denied']);
    assert.equal(g.containers.length, 1);
    const c = g.containers[0];
    assert.deepEqual([c.name, c.init, c.current?.state, c.current?.detailStatus, c.restartCount, lastExitCode(c)], ['demo1', false, 'Waiting', undefined, 0, undefined]);
    assert.deepEqual(newestFirst(c.events).map((e) => e.name), ['Pulled', 'Pulling']);

    // "WestUs" against "WestUs", read-only fields and the secrets Azure never returns are no difference.
    assert.deepEqual(compareWithDefinition(live.resource, fixture.definition, fixture.target), { ok: true, changes: [] });
    const edited = structuredClone(fixture.definition) as { properties: { containers: { properties: { image: string } }[] } };
    edited.properties.containers[0].properties.image = 'nginx:1.27';
    assert.deepEqual(compareWithDefinition(live.resource, edited, fixture.target), { ok: true, changes: ['~ containers[demo1].image: nginx → nginx:1.27'] });
  } finally {
    await replay.close();
  }
});
