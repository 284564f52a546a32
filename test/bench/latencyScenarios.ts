/**
 * What a user waits on, driven through the product's core the way the adapters call it (the command, tree and
 * panel code imports vscode, so its calls are repeated here, each next to where it is made). Each scenario
 * also says how many sequential round trips its data requires, worked out from the emulator's data: pages of
 * one listing follow one another, independent reads go together (at most ARM_CONCURRENCY at once).
 */
import type { ArmClient } from '../../src/core/arm/client';
import { fetchLiveState } from '../../src/core/deploy/liveFetch';
import { deployBody, prepareDeploy, readExistingGroup } from '../../src/core/deploy/deployContainerGroup';
import { getContainerLogs } from '../../src/core/containerGroup/logsRequest';
import { LogFollower } from '../../src/core/containerGroup/logsFollower';
import { loadComparison } from '../../src/core/report/compare/compareLoad';
import { streamSynchronizationReport } from '../../src/core/report/shared/stream';
import { sanitizeSynchronizations } from '../../src/core/report/shared/synchronization';
import type { SynchronizationSummary } from '../../src/core/report/shared/panelTypes';
import { buildTrend, countingOrder } from '../../src/core/report/trend/trend';
import { countFailedDataSets, countFailures, FAILURE_COUNT_CONCURRENCY } from '../../src/core/report/trend/trendFailures';
import { getContainerGroup, listContainerGroups, type ContainerGroupRef } from '../../src/core/services/containerGroups';
import { collectAll, listSourceShareSynchronizationSettings, listSynchronizations, type ShareSubscriptionRef } from '../../src/core/services/dataShare';
import { listResourceGroups, listSubscriptions } from '../../src/core/services/pickLists';

/** Emulator page sizes (dataShareGenerator.ts, containerGroupList.ts): what the required trips follow from. */
const DETAILS_PAGE = 50;
const SYNCS_PAGE = 50;
const SETTINGS_PAGE = 2;
const GROUPS_PAGE = 2;
const pages = (n: number, size: number): number => Math.max(1, Math.ceil(n / size));

export const SUBSCRIPTION = '00000000-0000-0000-0000-000000000001';
export const RESOURCE_GROUP = 'rg-containers';
/** Groups deployed before the scenarios run (Import lists them all). */
export const GROUP_NAMES = ['bench-api', 'bench-batch', 'bench-web'];
export const groupRef = (name: string): ContainerGroupRef => ({ subscriptionId: SUBSCRIPTION, resourceGroup: RESOURCE_GROUP, name });

export function definitionYaml(name: string, image = 'nginx:1.27'): string {
  return [
    "apiVersion: '2023-05-01'",
    'location: northeurope',
    `name: ${name}`,
    'properties:',
    '  osType: Linux',
    '  containers:',
    '  - name: app',
    '    properties:',
    `      image: ${image}`,
    '      resources:',
    '        requests:',
    '          cpu: 1',
    '          memoryInGB: 1.5',
    '',
  ].join('\n');
}

const noSleep = async (): Promise<void> => undefined;

/** Deploy as runDeploy does it: prepare, read the existing group (for the confirmation), PUT and wait. */
export async function deploy(client: ArmClient, name: string, image?: string): Promise<void> {
  const ref = groupRef(name);
  const prepared = await prepareDeploy(definitionYaml(name, image), `${name}.aci.yaml`, { ...ref, location: 'northeurope' }, () => undefined);
  await readExistingGroup(client, ref);
  // The status polls' waits are the service's provisioning time: left out (the emulator ends the operation at the first poll).
  await deployBody(client, ref, prepared.body, { sleep: noSleep });
}

export interface Scenario {
  name: string;
  /** Sequential round trips the data requires. */
  required: number;
  /** What `required` is made of. */
  why: string;
  run(client: ArmClient): Promise<void>;
}

const share = (shareSubscriptionName: string): ShareSubscriptionRef => ({
  subscriptionId: SUBSCRIPTION,
  resourceGroup: 'rg-share',
  accountName: 'contoso-share',
  shareSubscriptionName,
});

/** The synchronization pick's listing (pickSynchronization.ts loadSynchronizations), newest first. */
async function pickList(client: ArmClient, ref: ShareSubscriptionRef): Promise<SynchronizationSummary[]> {
  return sanitizeSynchronizations(await collectAll(listSynchronizations(client, ref, { orderby: 'startTime desc' }))).items;
}

/** Show Report: the pick, then the panel's two loads started together (reportPanel.ts load + loadSettings). */
function reportScenario(rows: number): Scenario {
  const ref = share(`latency-rows-${rows}-settings-3`);
  return {
    name: `open a report of ${rows.toLocaleString('en-US')} data sets (pick + panel)`,
    required: 1 + Math.max(pages(rows, DETAILS_PAGE), pages(3, SETTINGS_PAGE)),
    why: `1 pick listing, then ${pages(rows, DETAILS_PAGE)} detail pages beside ${pages(3, SETTINGS_PAGE)} settings pages`,
    run: async (client) => {
      const [{ synchronizationId: id }] = await pickList(client, ref);
      const details = (async () => {
        for await (const page of streamSynchronizationReport(client, ref, id, { query: {} })) void page;
      })();
      const settings = collectAll(listSourceShareSynchronizationSettings(client, ref));
      await Promise.all([details, settings]);
    },
  };
}

export function scenarios(): Scenario[] {
  const syncs = 30;
  const trendRef = share(`latency-syncs-${syncs}`);
  const compareRef = share('latency-rows-500');
  return [
    {
      name: 'expand a group (live state)',
      required: 1,
      why: '1 GET of the group',
      run: async (client) => {
        await fetchLiveState(client, groupRef(GROUP_NAMES[0]));
      },
    },
    {
      name: 'expand a share subscription (5 schedules)',
      required: pages(5, SETTINGS_PAGE),
      why: `${pages(5, SETTINGS_PAGE)} settings pages`,
      // session.ts listSourceSettings
      run: async (client) => {
        await collectAll(listSourceShareSynchronizationSettings(client, share('latency-settings-5')));
      },
    },
    reportScenario(120),
    reportScenario(2000),
    {
      name: `trend of ${syncs} synchronizations (list + failed counts)`,
      required: pages(syncs, SYNCS_PAGE) + Math.ceil(syncs / ARM_CONCURRENCY),
      why: `1 listing page, then ${syncs} one-page counts at most ${ARM_CONCURRENCY} at once (the product runs ${FAILURE_COUNT_CONCURRENCY})`,
      // trendPanel.ts load
      run: async (client) => {
        const trend = buildTrend(await pickList(client, trendRef), syncs);
        let failed = 0;
        const count = (id: string) => countFailedDataSets(client, trendRef, id);
        await countFailures(countingOrder(trend.points), count, (r) => void ('error' in r && failed++));
        if (failed) throw new Error(`${failed} failed counts`);
      },
    },
    {
      name: 'compare two synchronizations of 500 data sets (pick + panel)',
      required: 1 + pages(500, DETAILS_PAGE),
      why: `1 pick listing, then both listings' ${pages(500, DETAILS_PAGE)} pages side by side`,
      run: async (client) => {
        const [b, a] = await pickList(client, compareRef);
        const loaded = await loadComparison(client, compareRef, a.synchronizationId, b.synchronizationId);
        if (loaded.error) throw loaded.error instanceof Error ? loaded.error : new Error(String(loaded.error));
      },
    },
    {
      name: 'deploy an update (provisioning excluded)',
      required: 4,
      why: 'GET for the confirmation, PUT, 1 status poll, final GET',
      run: (client) => deploy(client, GROUP_NAMES[1], 'nginx:1.27.1'),
    },
    {
      name: 'open a log',
      required: 1,
      why: '1 GET of the last lines',
      // registerShowLogs.ts read
      run: async (client) => {
        await getContainerLogs(client, { group: groupRef(GROUP_NAMES[0]), containerName: 'app', tail: 1000, timestamps: true, maxRetries: 0 });
      },
    },
    {
      name: 'follow a log: 10 reads (interval excluded)',
      required: 10,
      why: '10 reads, each after the previous',
      run: (client) => followReads(client, 10),
    },
    {
      name: `Import's pickers (subscription, group, ${GROUP_NAMES.length} groups, the group)`,
      required: 1 + 1 + pages(GROUP_NAMES.length, GROUPS_PAGE) + 1,
      why: `subscriptions, resource groups, ${pages(GROUP_NAMES.length, GROUPS_PAGE)} group pages, the picked group's GET`,
      // importContainerGroup.ts askGroup + the GET before writing
      run: async (client) => {
        await listSubscriptions(client);
        await listResourceGroups(client, SUBSCRIPTION);
        const groups = await listContainerGroups(client, { subscriptionId: SUBSCRIPTION, resourceGroup: RESOURCE_GROUP });
        await getContainerGroup(client, groupRef(String(groups[0].name)));
      },
    },
  ];
}

/** The concurrency the bench holds ARM to (a count of independent reads sent at once). */
export const ARM_CONCURRENCY = 6;

async function followReads(client: ArmClient, reads: number): Promise<void> {
  let done = 0;
  let stopped!: () => void;
  const finished = new Promise<void>((resolve) => (stopped = resolve));
  const follower = new LogFollower({
    tail: 1000,
    read: async (tail, signal) => {
      const text = await getContainerLogs(client, { group: groupRef(GROUP_NAMES[0]), containerName: 'app', tail, timestamps: true, signal, maxRetries: 0 });
      done += 1;
      return text;
    },
    // The interval between reads is left out; after the last read the wait lasts until stop.
    sleep: (_ms, signal) => {
      if (done < reads) return Promise.resolve();
      stopped();
      return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('stopped')), { once: true }));
    },
    onLines: () => undefined,
    onState: () => undefined,
  });
  void follower.start();
  await finished;
  await follower.stop();
}
