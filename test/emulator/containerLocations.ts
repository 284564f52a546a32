// The region reads a deploy makes first: Location_ListCapabilities, Location_ListUsage, Location_ListCachedImages
// (GET /subscriptions/{sub}/providers/Microsoft.ContainerInstance/locations/{loc}/capabilities | usages | cachedImages).
//
// Sources:
// - capabilities: the published example Azure/azure-rest-api-specs,
//   specification/containerinstance/resource-manager/Microsoft.ContainerInstance/stable/2023-05-01/examples/
//   CapabilitiesList.json at commit 4c0959c220823a4e013c4254984e4b02bb9722ac (Linux: maxCpu 4, maxMemoryInGB 14,
//   maxGpuCount 4, gpu K80; Windows: 4, 14, 0, gpu None), with the requested region's name in `location`.
// - usages: the Usage shape of the same swagger (unit, currentValue, limit, name {value, localizedValue}); the limits
//   are the documented defaults ("Quotas and region availability", learn.microsoft.com/azure/container-instances/
//   container-instances-resource-and-quota-limits: 100 Standard container groups and 10 Standard cores per region
//   per subscription for a new subscription) and the values count the groups this emulator holds in that
//   subscription and region (cores: the sum of their containers' cpu requests), so deploys use the quota up.
// - cachedImages: the CachedImages shape of the swagger (image, osType); the images are ones the ACI quickstarts use.
import type { RequestContext } from './context';
import { normalizeLocation } from './containerGroupView';
import { jsonReply, type Reply } from './reply';

type Obj = Record<string, unknown>;

export const STANDARD_CORES_LIMIT = 10;
export const CONTAINER_GROUPS_LIMIT = 100;

export function listCapabilities(ctx: RequestContext): Reply {
  const location = ctx.params.location;
  const cap = (osType: string, gpu: string, maxGpuCount: number): Obj => ({
    resourceType: 'containerGroups',
    osType,
    location,
    ipAddressType: 'Public',
    gpu,
    capabilities: { maxMemoryInGB: 14, maxCpu: 4, maxGpuCount },
  });
  return jsonReply(200, { value: [cap('Linux', 'K80', 4), cap('Windows', 'None', 0)] });
}

function cpuOf(body: Obj): number {
  const containers = ((body.properties as Obj | undefined)?.containers as Obj[] | undefined) ?? [];
  return containers.reduce((sum, c) => sum + (Number(((((c.properties as Obj | undefined)?.resources as Obj | undefined)?.requests as Obj | undefined)?.cpu) ?? 0) || 0), 0);
}

export function listUsages(ctx: RequestContext): Reply {
  const location = normalizeLocation(ctx.params.location);
  const sub = ctx.params.subscriptionId.toLowerCase();
  const here = [...ctx.state.groups.values()].filter((g) => g.subscriptionId.toLowerCase() === sub && normalizeLocation(String(g.body.location)) === location);
  const usage = (value: string, localizedValue: string, currentValue: number, limit: number): Obj => ({
    id: `/subscriptions/${ctx.params.subscriptionId}/providers/Microsoft.ContainerInstance/locations/${location}/usages/${value}`,
    unit: 'Count',
    currentValue,
    limit,
    name: { value, localizedValue },
  });
  return jsonReply(200, {
    value: [
      usage('ContainerGroups', 'Container Groups', here.length, CONTAINER_GROUPS_LIMIT),
      usage('StandardCores', 'Standard Cores', here.reduce((s, g) => s + cpuOf(g.body), 0), STANDARD_CORES_LIMIT),
    ],
  });
}

export function listCachedImages(): Reply {
  return jsonReply(200, {
    value: [
      { osType: 'Linux', image: 'mcr.microsoft.com/azuredocs/aci-helloworld:latest' },
      { osType: 'Linux', image: 'mcr.microsoft.com/azuredocs/aci-wordcount:latest' },
      { osType: 'Windows', image: 'mcr.microsoft.com/windows/servercore/iis:nanoserver' },
    ],
  });
}
