// Every ARM path segment, typed or returned by the service, goes through one check: a name `.` or `..` would be
// resolved away by the URL, so a trigger named `..` turned Disable Schedule into a DELETE of the share subscription.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { ArmClient, ArmRequest } from '../../src/core/arm/client';
import { requestAttach, requestExec } from '../../src/core/containerGroup/execRequest';
import { containerLogsPath, getContainerLogs } from '../../src/core/containerGroup/logsRequest';
import { createScheduleTrigger, deleteTrigger } from '../../src/core/services/dataShareConsumer';
import { listResourceGroups, listShareSubscriptions } from '../../src/core/services/pickLists';
import { containerGroupPath, segment, shareSubscriptionPath } from '../../src/core/services/resourcePaths';
import { deploymentPath, getDeployment } from '../../src/core/templateDeploy/deployments';
import { fuzzRuns } from './fuzzSeed';

const share = { subscriptionId: 's', resourceGroup: 'rg', accountName: 'acc', shareSubscriptionName: 'ss' };
const group = { subscriptionId: 's', resourceGroup: 'rg', name: 'cg' };

/** A client that records what would be sent and answers nothing. */
function recorder(): { client: ArmClient; sent: ArmRequest[] } {
  const sent: ArmRequest[] = [];
  const client = { request: (r: ArmRequest) => (sent.push(r), Promise.reject(new Error('not answered'))), logger: { log: () => undefined } };
  return { client: client as unknown as ArmClient, sent };
}

/** Runs one request builder with a name; resolves to the request it sent, or the message it refused with. */
async function attempt(run: (client: ArmClient) => unknown): Promise<{ sent: ArmRequest[]; refused?: string }> {
  const { client, sent } = recorder();
  try {
    await run(client);
  } catch (err) {
    const message = (err as Error).message;
    if (message !== 'not answered') return { sent, refused: message };
  }
  return { sent };
}

const BUILDERS: Record<string, (client: ArmClient, name: string) => unknown> = {
  'Disable Schedule (DELETE trigger)': (c, n) => deleteTrigger(c, share, n),
  'Enable Schedule (PUT trigger)': (c, n) => createScheduleTrigger(c, share, { recurrenceInterval: 'Day', synchronizationTime: 't', synchronizationMode: 'Incremental' }, { name: n }),
  'Open Shell (exec)': (c, n) => requestExec(c, { group, containerName: n, command: 'sh', size: { rows: 24, cols: 80 } }),
  'Attach': (c, n) => requestAttach(c, { group, containerName: n }),
  'Show Logs': (c, n) => getContainerLogs(c, { group, containerName: n }),
  'deployment': (c, n) => getDeployment(c, { subscriptionId: 's', resourceGroup: 'rg', deploymentName: n }),
  'resource group list': (c, n) => listResourceGroups(c, n),
  'share subscription list': (c, n) => listShareSubscriptions(c, { subscriptionId: 's', resourceGroup: 'rg', accountName: n }),
};

test('a name `.` or `..` from the service is refused with a message by every path builder, and nothing is sent', async () => {
  for (const [what, build] of Object.entries(BUILDERS)) {
    for (const dots of ['.', '..']) {
      const r = await attempt((c) => build(c, dots));
      assert.deepEqual(r.sent.map((s) => s.path), [], `${what} with '${dots}' sent a request`);
      assert.match(r.refused ?? '', /'\.' and '\.\.' would change the resource's path/, what);
    }
  }
});

test('the trigger `..` no longer addresses the share subscription itself', async () => {
  const ok = await attempt((c) => deleteTrigger(c, share, 'ScheduleTrigger'));
  assert.equal(ok.sent[0]?.method, 'DELETE');
  assert.match(ok.sent[0]?.path ?? '', /\/shareSubscriptions\/ss\/triggers\/ScheduleTrigger$/);
  const bad = await attempt((c) => deleteTrigger(c, share, '..'));
  assert.equal(bad.sent.length, 0);
  assert.match(bad.refused ?? '', /^The trigger name '\.\.' is not a name/);
});

// Property: whatever name is given, a path either is refused or keeps exactly its segments once a URL resolves it.
test('any name keeps the path to its own segment under URL resolution, or is refused', () => {
  const builders: Array<[string, (name: string) => string, number]> = [
    ['container group', (n) => containerGroupPath({ ...group, name: n }), 8],
    ['share subscription', (n) => shareSubscriptionPath({ ...share, shareSubscriptionName: n }), 10],
    ['container logs', (n) => containerLogsPath(group, n), 11],
    ['deployment', (n) => deploymentPath({ subscriptionId: 's', resourceGroup: 'rg', deploymentName: n }), 8],
    ['segment', (n) => `/x/${segment(n, 'name')}`, 2],
  ];
  const names = fc.oneof(fc.constantFrom('.', '..', '...', '%2e', '%2E%2e', '.%2e', 'a/..', '?x', '#f', ' '), fc.string(), fc.string({ unit: 'grapheme' }));
  fc.assert(
    fc.property(names, (name) => {
      for (const [, build, depth] of builders) {
        let path: string;
        try {
          path = build(name);
        } catch {
          continue;
        }
        const url = new URL(`https://management.example${path}`);
        assert.equal(url.search, '');
        assert.equal(url.hash, '');
        const parts = url.pathname.split('/').slice(1);
        assert.equal(parts.length, depth, path);
        if (!path.endsWith('/logs')) assert.equal(decodeURIComponent(parts[parts.length - 1]), name);
      }
    }),
    { numRuns: fuzzRuns(500), seed: 38 },
  );
});
