/**
 * The reads behind a share subscription's consumer view: what a watch reads while a synchronization runs, the
 * synchronization running now (if any), and the data sets with where they land and how they did last time.
 */
import type { ArmClient } from '../arm/client';
import { ArmError } from '../arm/errors';
import { isPlainObject } from '../definition/plainValues';
import { collectAll, listSynchronizationDetails, listSynchronizations, type ShareSubscriptionRef, type ShareSubscriptionSynchronization } from '../services/dataShare';
import { listConsumerSourceDataSets, listDataSetMappings } from '../services/dataShareConsumer';
import { dataSetLandings, type Landings as LandingList } from './dataSetLandings';
import { isUnfinished } from './syncStatus';
import type { WatchReaders } from './syncWatch';

/** Pages of the synchronization listing searched for one synchronization (newest come first). */
const SEARCH_PAGES = 3;

/** A listing's record that can be read: an object whose id is text (a malformed one is passed over). */
function readable(s: unknown): s is ShareSubscriptionSynchronization {
  return isPlainObject(s) && typeof s.synchronizationId === 'string';
}

function newestFirst(items: readonly unknown[]): ShareSubscriptionSynchronization[] {
  const t = (s: ShareSubscriptionSynchronization) => Date.parse(typeof s.startTime === 'string' ? s.startTime : '') || 0;
  return items.filter(readable).sort((a, b) => t(b) - t(a));
}

const NEWEST_FIRST = 'startTime desc';

export function watchReaders(client: () => Promise<ArmClient>, ref: ShareSubscriptionRef): WatchReaders {
  let ordered = true;
  return {
    details: async (id, signal) => collectAll(listSynchronizationDetails(await client(), ref, id, { signal })),
    synchronization: async (id, signal) => {
      // Newest first ($orderby is a parameter of ShareSubscriptions_ListSynchronizations in 2021-08-01), so a running
      // synchronization is on the first pages; a service that refuses the ordering (400) is asked without it.
      const search = async (orderby: string | undefined) => {
        for await (const page of listSynchronizations(await client(), ref, { signal, maxPages: SEARCH_PAGES, orderby })) {
          const found = (page.items as readonly unknown[]).filter(readable).find((s) => s.synchronizationId === id);
          if (found) return found;
        }
        return undefined;
      };
      if (!ordered) return search(undefined);
      try {
        return await search(NEWEST_FIRST);
      } catch (err) {
        if (!(err instanceof ArmError && err.kind === 'http' && err.status === 400)) throw err;
        ordered = false;
        return search(undefined);
      }
    },
    dataSetCount: async (signal) => (await collectAll(listConsumerSourceDataSets(await client(), ref, signal))).length,
  };
}

/** The newest synchronization, and whether it is still running, from the listing's first page. */
export async function latestSynchronization(client: ArmClient, ref: ShareSubscriptionRef, signal?: AbortSignal): Promise<ShareSubscriptionSynchronization | undefined> {
  for await (const page of listSynchronizations(client, ref, { signal, maxPages: 1 })) {
    return newestFirst(page.items)[0];
  }
  return undefined;
}

/** A synchronization of the share subscription that has not finished (queued, in progress, or in a word not known). */
export async function runningSynchronization(client: ArmClient, ref: ShareSubscriptionRef, signal?: AbortSignal): Promise<ShareSubscriptionSynchronization | undefined> {
  const latest = await latestSynchronization(client, ref, signal);
  return latest && isUnfinished(latest) ? latest : undefined;
}

export interface Landings extends LandingList {
  /** The synchronization the statuses come from. */
  latest?: ShareSubscriptionSynchronization;
}

/** Source data sets, their mappings and the latest synchronization's details, read side by side. */
export async function readLandings(client: ArmClient, ref: ShareSubscriptionRef, signal?: AbortSignal): Promise<Landings> {
  const latestDetails = (async () => {
    const latest = await latestSynchronization(client, ref, signal);
    return { latest, details: latest ? await collectAll(listSynchronizationDetails(client, ref, latest.synchronizationId, { signal })) : [] };
  })();
  const [sources, mappings, last] = await Promise.all([
    collectAll(listConsumerSourceDataSets(client, ref, signal)),
    collectAll(listDataSetMappings(client, ref, signal)),
    latestDetails,
  ]);
  return { ...dataSetLandings(sources, mappings, last.details), latest: last.latest };
}
