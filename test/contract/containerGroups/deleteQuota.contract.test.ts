// Replays a recorded real container group delete and the list read right after it through the product's client,
// and checks which remaining-request counter the output log shows for each: the deletes counter for the DELETE,
// the reads counter for the GET, never the provider's own per-hour counter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../../src/core/arm/client';
import { runContainerGroupAction } from '../../../src/core/containerGroup/actions';
import { listContainerGroups } from '../../../src/core/services/containerGroups';
import type { ContainerGroupRef } from '../../../src/core/services/resourcePaths';
import { MemoryLogger, StaticTokenProvider } from '../../unit/armHarness';
import { startReplay, type Fixture } from '../replayServer';
import recorded from './delete-quota-recorded-sdk-js.json';

test('a recorded real delete logs the deletes counter it was answered with; the list after it logs its reads counter', async () => {
  const fixture = recorded as unknown as Fixture & { target: ContainerGroupRef };
  assert.ok(fixture.source.includes('recording_containergroups_delete_test.json'), 'the fixture says where it comes from');
  const server = await startReplay(fixture);
  try {
    const logger = new MemoryLogger();
    const client = new ArmClient({ endpoint: server.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'contract', logger, timeoutMs: 5000, maxRetries: 0 });
    const deleted = await runContainerGroupAction(client, fixture.target, 'delete');
    assert.deepEqual([deleted.outcome, deleted.status], ['succeeded', 200]);
    assert.deepEqual(await listContainerGroups(client, fixture.target), []);
    assert.deepEqual(server.mismatches, []);
    assert.equal(server.served(), 2);

    const answers = logger.lines.filter((l) => / → \d{3} in /.test(l));
    assert.equal(answers.length, 2, answers.join('\n'));
    assert.match(answers[0], /^info DELETE .*containerGroups\/mycontainerGroupxxx\?api-version=2023-05-01 → 200 /);
    assert.match(answers[0], /, remaining deletes: 14999\)$/);
    assert.match(answers[1], /^\w+ GET .*\/containerGroups\?api-version=2023-05-01 → 200 /);
    assert.match(answers[1], /, remaining reads: 11524\)$/);
    // The provider's own counters (…-resource-requests-pt1h 299, -pt5m 99) are not ARM's deletes counter.
    assert.ok(!logger.lines.some((l) => /remaining \w+: (299|99)\b/.test(l)), logger.lines.join('\n'));
  } finally {
    await server.close();
  }
});
