// Replays the published GET (Succeeded), list by resource group and container logs examples through the product's
// live-state read, the tree's listing and the logs request, over a real socket, and checks what a user would see.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../../src/core/arm/client';
import { getContainerLogs } from '../../../src/core/containerGroup/logsRequest';
import { fetchLiveState } from '../../../src/core/deploy/liveFetch';
import { listContainerGroups } from '../../../src/core/services/containerGroups';
import { StaticTokenProvider } from '../../unit/armHarness';
import { startReplay, type Fixture } from '../replayServer';
import readsExamples from './reads-examples.json';

type Target = { subscriptionId: string; resourceGroup: string; name: string };

test('ContainerGroupsGet_Succeeded, ContainerGroupsListByResourceGroup, ContainerListLogs (REST examples) read as published', async () => {
  const fixture = readsExamples as unknown as Fixture & { target: Target };
  assert.match(fixture.source, /commit [0-9a-f]{40}/, 'the fixture names its repository, path and commit');
  const replay = await startReplay(fixture);
  try {
    const client = new ArmClient({ endpoint: replay.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'contract', timeoutMs: 5000, maxRetries: 0 });
    const live = await fetchLiveState(client, fixture.target);
    assert.ok(live.deployed);
    // The example has no instance view: the group's state is not known, its provisioning is.
    assert.deepEqual([live.group.provisioningState, live.group.state, live.group.ip, live.group.ipType], ['Succeeded', undefined, '10.0.0.1', 'Public']);
    assert.deepEqual(live.group.containers.map((c) => [c.name, c.current?.state]), [['demo1', undefined]]);

    const groups = await listContainerGroups(client, fixture.target);
    assert.deepEqual(groups.map((g) => [g.name, g.properties?.provisioningState]), [['demo1', 'Succeeded']]);

    const log = await getContainerLogs(client, { group: fixture.target, containerName: 'container1', tail: 10 });
    assert.equal(log, 'log content');
    assert.deepEqual(replay.mismatches, [], 'every request is the next one of the examples');
    assert.equal(replay.served(), fixture.exchanges.length);
  } finally {
    await replay.close();
  }
});
