/**
 * Before a deploy: what the region allows a group (capabilities: the most CPU and memory per OS type), what the
 * subscription has left there (usages: cores and groups in use against their limits) and which of the group's
 * images the region keeps cached. Read through the ARM client at the definition's api-version (the three
 * operations exist in every stable version since 2019-12-01); a read that fails is reported as not checked and never
 * blocks the deploy.
 *
 * Operations (Azure/azure-rest-api-specs, specification/containerinstance, stable 2023-05-01 and 2025-09-01):
 * Location_ListCapabilities, Location_ListUsage, Location_ListCachedImages. Quotas:
 * https://learn.microsoft.com/azure/container-instances/container-instances-resource-and-quota-limits
 */
import type { ArmClient } from '../arm/client';
import { errorMessage } from '../arm/errors';
import { list, prop, scalarText } from '../definition/plainValues';

export interface Capability {
  osType?: string;
  gpu?: string;
  maxCpu?: number;
  maxMemoryInGB?: number;
  maxGpuCount?: number;
}

export interface Usage {
  name: string;
  localizedName?: string;
  currentValue: number;
  limit: number;
}

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

export interface RegionFacts {
  location: string;
  capabilities: Read<Capability[]>;
  usages: Read<Usage[]>;
  cachedImages: Read<{ image: string; osType?: string }[]>;
}

/** What the definition asks of the region. */
export interface GroupNeeds {
  osType: string;
  sku: string;
  cpu: number;
  memoryInGB: number;
  gpu: number;
  images: string[];
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** The sum of the containers' requests (init containers run before them, so the most any one asks). */
export function groupNeeds(body: unknown): GroupNeeds {
  const props = prop(body, 'properties');
  const requests = (c: unknown) => prop(prop(prop(c, 'properties'), 'resources'), 'requests');
  const containers = list(prop(props, 'containers'));
  const inits = list(prop(props, 'initContainers'));
  const sum = (k: string) => containers.reduce<number>((s, c) => s + (num(prop(requests(c), k)) ?? 0), 0);
  const initMax = (k: string) => inits.reduce<number>((m, c) => Math.max(m, num(prop(requests(c), k)) ?? 0), 0);
  return {
    osType: scalarText(prop(props, 'osType')) ?? 'Linux',
    sku: scalarText(prop(props, 'sku')) ?? 'Standard',
    cpu: Math.max(sum('cpu'), initMax('cpu')),
    memoryInGB: Math.max(sum('memoryInGB'), initMax('memoryInGB')),
    gpu: containers.reduce<number>((s, c) => s + (num(prop(prop(requests(c), 'gpu'), 'count')) ?? 0), 0),
    images: [...containers, ...inits].map((c) => scalarText(prop(prop(c, 'properties'), 'image'))).filter((i): i is string => !!i),
  };
}

async function read<T>(run: () => Promise<T>): Promise<Read<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    return { ok: false, message: errorMessage(err) };
  }
}

/** The three reads, side by side; each may fail on its own. */
export async function readRegionFacts(client: ArmClient, subscriptionId: string, location: string, apiVersion: string, signal?: AbortSignal): Promise<RegionFacts> {
  const base = `/subscriptions/${encodeURIComponent(subscriptionId)}/providers/Microsoft.ContainerInstance/locations/${encodeURIComponent(location)}`;
  const get = async (what: string) => list(prop((await client.request<unknown>({ method: 'GET', path: `${base}/${what}`, apiVersion, signal })).body, 'value'));
  const [capabilities, usages, cachedImages] = await Promise.all([
    read(async () =>
      (await get('capabilities')).map((c) => ({
        osType: scalarText(prop(c, 'osType')),
        gpu: scalarText(prop(c, 'gpu')),
        maxCpu: num(prop(prop(c, 'capabilities'), 'maxCpu')),
        maxMemoryInGB: num(prop(prop(c, 'capabilities'), 'maxMemoryInGB')),
        maxGpuCount: num(prop(prop(c, 'capabilities'), 'maxGpuCount')),
      })),
    ),
    read(async () =>
      (await get('usages')).flatMap((u) => {
        const name = scalarText(prop(prop(u, 'name'), 'value'));
        const currentValue = num(prop(u, 'currentValue'));
        const limit = num(prop(u, 'limit'));
        return name && currentValue !== undefined && limit !== undefined ? [{ name, localizedName: scalarText(prop(prop(u, 'name'), 'localizedValue')), currentValue, limit }] : [];
      }),
    ),
    read(async () => (await get('cachedImages')).flatMap((i) => (scalarText(prop(i, 'image')) ? [{ image: scalarText(prop(i, 'image')) as string, osType: scalarText(prop(i, 'osType')) }] : []))),
  ]);
  return { location, capabilities, usages, cachedImages };
}

export interface CapacityCheck {
  /** Lines for the confirmation. */
  lines: string[];
  /** Set when the group cannot fit: the numbers that say why. */
  refusal?: string;
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);

/** The usage that counts the group's cores: Spot and Dedicated SKUs have their own (names as the service lists them). */
function coreUsageName(sku: string): string {
  const s = sku.toLowerCase();
  return s === 'confidential' ? 'StandardConfidentialCores' : s === 'spot' ? 'StandardSpotCores' : s === 'dedicated' ? 'DedicatedCores' : 'StandardCores';
}

/**
 * The facts against the group's needs. `existingCpu`: the cores the group already holds when this deploy updates
 * it (they are freed and taken again, so they count as available).
 */
export function checkCapacity(facts: RegionFacts, needs: GroupNeeds, existingCpu = 0): CapacityCheck {
  const where = facts.location;
  const lines: string[] = [];
  const refusals: string[] = [];
  if (facts.capabilities.ok) {
    const fitting = facts.capabilities.value.filter((c) => !c.osType || c.osType.toLowerCase() === needs.osType.toLowerCase());
    const maxCpu = Math.max(...fitting.map((c) => c.maxCpu ?? 0));
    const maxMem = Math.max(...fitting.map((c) => c.maxMemoryInGB ?? 0));
    if (fitting.length === 0) {
      refusals.push(`${where} offers no ${needs.osType} container groups`);
    } else {
      lines.push(`${where} allows up to ${fmt(maxCpu)} CPU and ${fmt(maxMem)} GB per ${needs.osType} group; this group needs ${fmt(needs.cpu)} CPU and ${fmt(needs.memoryInGB)} GB.`);
      if (needs.cpu > maxCpu) refusals.push(`it needs ${fmt(needs.cpu)} CPU and ${where} allows at most ${fmt(maxCpu)} per ${needs.osType} group`);
      if (needs.memoryInGB > maxMem) refusals.push(`it needs ${fmt(needs.memoryInGB)} GB and ${where} allows at most ${fmt(maxMem)} GB per ${needs.osType} group`);
    }
  } else {
    lines.push(`The region's limits were not checked: ${facts.capabilities.message}`);
  }
  if (facts.usages.ok) {
    const cores = facts.usages.value.find((u) => u.name.toLowerCase() === coreUsageName(needs.sku).toLowerCase());
    if (cores) {
      lines.push(`${fmt(cores.currentValue)} of ${fmt(cores.limit)} cores in use in ${where}; this group needs ${fmt(needs.cpu)}.`);
      const free = cores.limit - cores.currentValue + existingCpu;
      if (needs.cpu > free) refusals.push(`${fmt(cores.currentValue)} of ${fmt(cores.limit)} cores are in use in ${where} and it needs ${fmt(needs.cpu)}`);
    }
    const groups = facts.usages.value.find((u) => u.name.toLowerCase() === 'containergroups');
    if (groups) {
      lines.push(`${fmt(groups.currentValue)} of ${fmt(groups.limit)} container groups in ${where}.`);
      if (existingCpu === 0 && groups.currentValue + 1 > groups.limit) refusals.push(`${fmt(groups.currentValue)} of ${fmt(groups.limit)} container groups exist in ${where}`);
    }
  } else {
    lines.push(`The subscription's quota was not checked: ${facts.usages.message}`);
  }
  if (facts.cachedImages.ok) {
    const cached = new Set(facts.cachedImages.value.map((i) => i.image.toLowerCase()));
    const hits = needs.images.filter((i) => cached.has(i.toLowerCase()));
    if (hits.length) lines.push(`Cached in ${where} (faster start): ${[...new Set(hits)].join(', ')}.`);
  }
  return refusals.length ? { lines, refusal: `It cannot fit: ${refusals.join('; ')}.` } : { lines };
}
