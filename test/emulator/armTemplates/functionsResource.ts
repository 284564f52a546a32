// Deployment, resource and scope functions: parameters(), variables(), copyIndex(), resourceGroup(), subscription(),
// tenant(), managementGroup(), deployment(), environment(), the *ResourceId() family, reference(), listKeys()/list*(),
// pickZones(), uniqueString(), guid(), newGuid() (semantics from the ARM function reference,
// template-functions-resource / -scope / -deployment / -string).
import { createHash, randomUUID } from 'node:crypto';
import type { Lazy } from './evaluate';
import { type Json, type TemplateFunction, onlyInParameterDefault } from './functionsBase';
import { TemplateFailure, invalidArgument, wrongArgumentCount } from './templateErrors';

function strArg(name: string, v: Json): string {
  if (typeof v !== 'string') throw invalidArgument(name, 'the argument must be a string');
  return v;
}

function count(name: string, args: Lazy[], min: number, max: number): Json[] {
  if (args.length < min || args.length > max) throw wrongArgumentCount(name, min === max ? String(min) : `between ${min} and ${max}`, args.length);
  return args.map((a) => a());
}

/** Regions with availability zones (Azure's list of regions with availability zones, as of 2024). */
const ZONAL_REGIONS = new Set(
  'australiaeast brazilsouth canadacentral centralindia centralus eastasia eastus eastus2 francecentral germanywestcentral israelcentral italynorth japaneast koreacentral mexicocentral newzealandnorth northeurope norwayeast polandcentral qatarcentral southafricanorth southcentralus southeastasia spaincentral swedencentral switzerlandnorth uaenorth uksouth westeurope westus2 westus3'.split(
    ' ',
  ),
);

/** Resource types that are placed in zones (Microsoft.Cdn/profiles, the reference's non-zonal example, is not). */
const ZONAL_TYPES = new Set(
  [
    'Microsoft.Compute/virtualMachines',
    'Microsoft.Compute/virtualMachineScaleSets',
    'Microsoft.Compute/disks',
    'Microsoft.Network/publicIPAddresses',
    'Microsoft.Network/natGateways',
    'Microsoft.Network/applicationGateways',
    'Microsoft.ContainerInstance/containerGroups',
    'Microsoft.ContainerService/managedClusters',
    'Microsoft.Sql/servers/databases',
  ].map((t) => t.toLowerCase()),
);

/** "{type}/{name}" with each child type segment followed by its name: Microsoft.X/a/b with n1, n2 → Microsoft.X/a/n1/b/n2. */
function childPath(type: string, names: string[], fn: string): string {
  const segments = type.replace(/\/+$/, '').split('/');
  const flat = names.flatMap((n) => n.split('/'));
  if (flat.length !== segments.length - 1) throw invalidArgument(fn, `the type '${segments.join('/')}' requires '${segments.length - 1}' resource name argument(s)`);
  let path = `${segments[0]}/${segments[1]}/${flat[0]}`;
  for (let i = 2; i < segments.length; i++) path += `/${segments[i]}/${flat[i - 1]}`;
  return path;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

const rotl = (x: number, r: number): number => ((x << r) | (x >>> (32 - r))) >>> 0;
const mul = (a: number, b: number): number => Math.imul(a, b) >>> 0;
const fmix = (h: number): number => {
  h = mul((h ^ (h >>> 16)) >>> 0, 0x85ebca6b);
  h = mul((h ^ (h >>> 13)) >>> 0, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/** A 64-bit MurmurHash of two 32-bit lanes (the hash ARM's uniqueString() is known to use), seed 0. */
function murmur64(data: Buffer): bigint {
  const c1 = 0x239b961b;
  const c2 = 0xab0e9789;
  let h1 = 0;
  let h2 = 0;
  const word = (at: number, n: number): number => {
    let v = 0;
    for (let j = n - 1; j >= 0; j--) v = (v * 256 + data[at + j]) >>> 0;
    return v;
  };
  let i = 0;
  for (; i + 7 < data.length; i += 8) {
    h1 = (h1 ^ mul(rotl(mul(word(i, 4), c1), 15), c2)) >>> 0;
    h1 = (mul((rotl(h1, 19) + h2) >>> 0, 5) + 0x561ccd1b) >>> 0;
    h2 = (h2 ^ mul(rotl(mul(word(i + 4, 4), c2), 17), c1)) >>> 0;
    h2 = (mul((rotl(h2, 13) + h1) >>> 0, 5) + 0x0bcaa747) >>> 0;
  }
  const tail = data.length - i;
  if (tail > 0) h1 = (h1 ^ mul(rotl(mul(word(i, Math.min(tail, 4)), c1), 15), c2)) >>> 0;
  if (tail > 4) h2 = (h2 ^ mul(rotl(mul(word(i + 4, tail - 4), c2), 17), c1)) >>> 0;
  h1 = (h1 ^ data.length) >>> 0;
  h2 = (h2 ^ data.length) >>> 0;
  h1 = (h1 + h2) >>> 0;
  h2 = (h2 + h1) >>> 0;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h1 = (h1 + h2) >>> 0;
  h2 = (h2 + h1) >>> 0;
  return (BigInt(h2) << 32n) | BigInt(h1);
}

/**
 * uniqueString(): the arguments joined with "-", hashed (murmur64 of the UTF-8 bytes), and the hash's top 65 bits
 * written as 13 base-32 characters [a-z2-7]. This gives Azure's values: a public test pairs the resource id
 * "/subscriptions/31e9f9a0-9fd2-4294-a0a3-0101246d9700/resourceGroups/rg-modm201-20230913120256/providers/
 * Microsoft.Compute/virtualMachines/bobjacmodm201" with "yvjxno3je5on2", the value an ARM template output for it
 * (templateUniqueString.test.ts).
 */
export function uniqueString(parts: string[]): string {
  let h = murmur64(Buffer.from(parts.join('-'), 'utf8'));
  let out = '';
  for (let i = 0; i < 13; i++) {
    out += BASE32[Number(h >> 59n)];
    h = (h << 5n) & 0xffffffffffffffffn;
  }
  return out;
}

/**
 * guid(): a stand-in with the same shape: a name-based (version 5 style) GUID of the arguments, the same inputs giving
 * the same GUID. The reference says ARM implements RFC 4122 section 4.3 "with some modifications" it does not publish,
 * and no input/output pair was found on record, so these are not the values Azure computes.
 */
export function templateGuid(parts: string[]): string {
  const h = createHash('sha1').update('11fb06fb-712d-4ddd-98c7-e71bbd588830').update(parts.join('-')).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** resourceId([subscriptionId], [resourceGroupName], type, name1, …): the id, with the type's name count checked. */
export function resourceIdOf(args: string[], subscriptionId: string, resourceGroup: string): string {
  const typeAt = args.findIndex((a) => /^[^/]+\.[^/]+\/./.test(a));
  if (typeAt < 0 || typeAt > 2) throw invalidArgument('resourceId', 'the resource type argument is missing or not valid');
  const scope = args.slice(0, typeAt);
  const sub = scope.length === 2 ? scope[0] : subscriptionId;
  const rg = scope.length >= 1 ? scope[scope.length - 1] : resourceGroup;
  // A trailing "/" in the type is accepted (aci-linuxcontainer-healthprobe writes 'Microsoft.ContainerInstance/containerGroups/').
  const typeSegments = args[typeAt].replace(/\/+$/, '').split('/');
  const names = args.slice(typeAt + 1).flatMap((n) => n.split('/'));
  const needed = typeSegments.length - 1;
  if (names.length !== needed) {
    // Azure's words, quoted by vscode-azurearmtools' tests: "…the type 'Microsoft.Storage/storageAccounts' requires '1'
    // resource name argument(s)."
    throw invalidArgument('resourceId', `the type '${typeSegments.join('/')}' requires '${needed}' resource name argument(s)`);
  }
  let id = `/subscriptions/${sub}/resourceGroups/${rg}/providers/${typeSegments[0]}/${typeSegments[1]}/${names[0]}`;
  for (let i = 2; i < typeSegments.length; i++) id += `/${typeSegments[i]}/${names[i - 1]}`;
  return id;
}

const copyIndex: TemplateFunction = (args, scope, name) => {
  const v = count(name, args, 0, 2);
  let loop: string | undefined;
  let offset = 0;
  if (typeof v[0] === 'string') {
    loop = v[0];
    offset = typeof v[1] === 'number' ? v[1] : 0;
  } else if (typeof v[0] === 'number') {
    offset = v[0];
  }
  return scope.copyIndex(loop) + offset;
};

export const RESOURCE_FUNCTIONS: Record<string, TemplateFunction> = {
  parameters: (args, scope, name) => scope.parameter(strArg(name, count(name, args, 1, 1)[0])),
  variables: (args, scope, name) => scope.variable(strArg(name, count(name, args, 1, 1)[0])),
  copyindex: copyIndex,
  resourcegroup: (args, scope, name) => (count(name, args, 0, 0), scope.resourceGroup()),
  subscription: (args, scope, name) => (count(name, args, 0, 0), scope.subscription()),
  deployment: (args, scope, name) => (count(name, args, 0, 0), scope.deployment()),
  environment: (args, _scope, name) => {
    count(name, args, 0, 0);
    return {
      name: 'AzureCloud',
      gallery: 'https://gallery.azure.com/',
      graph: 'https://graph.windows.net/',
      portal: 'https://portal.azure.com',
      resourceManager: 'https://management.azure.com/',
      authentication: { loginEndpoint: 'https://login.microsoftonline.com/', audiences: ['https://management.core.windows.net/', 'https://management.azure.com/'], tenant: 'common', identityProvider: 'AAD' },
      suffixes: { storage: 'core.windows.net', keyvaultDns: '.vault.azure.net', acrLoginServer: '.azurecr.io' },
    };
  },
  resourceid: (args, scope, name) => {
    const v = count(name, args, 2, 10).map((x) => strArg(name, x));
    return scope.resourceId(v);
  },
  subscriptionresourceid: (args, scope, name) => {
    const v = count(name, args, 2, 10).map((x) => strArg(name, x));
    const typeAt = v.findIndex((a) => a.includes('/'));
    const sub = typeAt === 1 ? v[0] : String(scope.subscription().subscriptionId);
    const type = v[typeAt].replace(/\/+$/, '');
    return `/subscriptions/${sub}/providers/${type}/${v.slice(typeAt + 1).join('/')}`;
  },
  // tenantResourceId(type, name1, …): "/providers/{type}/{name}" (the reference's example for a policy definition).
  tenantresourceid: (args, _scope, name) => {
    const v = count(name, args, 2, 10).map((x) => strArg(name, x));
    return `/providers/${childPath(v[0], v.slice(1), name)}`;
  },
  // managementGroupResourceId([managementGroupId], type, name1, …): at the deployment's management group when not given.
  managementgroupresourceid: (args, scope, name) => {
    const v = count(name, args, 2, 11).map((x) => strArg(name, x));
    const typeAt = v.findIndex((a) => /^[^/]+\.[^/]+\/./.test(a));
    const group = typeAt === 1 ? v[0] : String(scope.managementGroup().name);
    return `/providers/Microsoft.Management/managementGroups/${group}/providers/${childPath(v[typeAt], v.slice(typeAt + 1), name)}`;
  },
  // extensionResourceId(resourceId, type, name1, …): the extension resource under the resource (or scope) it extends.
  extensionresourceid: (args, _scope, name) => {
    const v = count(name, args, 3, 11).map((x) => strArg(name, x));
    return `${v[0].replace(/\/+$/, '')}/providers/${childPath(v[1], v.slice(2), name)}`;
  },
  tenant: (args, scope, name) => {
    count(name, args, 0, 0);
    const tenantId = String(scope.subscription().tenantId);
    return { countryCode: 'US', displayName: 'Contoso Emulator', id: `/tenants/${tenantId}`, tenantId };
  },
  managementgroup: (args, scope, name) => (count(name, args, 0, 1), scope.managementGroup()),
  // pickZones(providerNamespace, resourceType, location, [numberOfZones], [offset]): ["1"] where the region has
  // availability zones and the type is zonal, [] otherwise (the reference's examples: virtual machines in westus2 give
  // ["1"], in westus []; Microsoft.Cdn/profiles in westus2 []).
  pickzones: (args, _scope, name) => {
    const v = count(name, args, 3, 5);
    const location = strArg(name, v[2]).toLowerCase().replace(/\s+/g, '');
    const wanted = typeof v[3] === 'number' ? v[3] : 1;
    const offset = typeof v[4] === 'number' ? v[4] : 0;
    const type = `${strArg(name, v[0])}/${strArg(name, v[1])}`.toLowerCase();
    if (!ZONAL_REGIONS.has(location) || !ZONAL_TYPES.has(type)) return [];
    return Array.from({ length: Math.min(wanted, 3) }, (_, i) => String(((offset + i) % 3) + 1));
  },
  reference: (args, scope, name) => {
    const v = count(name, args, 1, 3);
    const full = typeof v[2] === 'string' && v[2].toLowerCase() === 'full';
    return scope.reference(strArg(name, v[0]), typeof v[1] === 'string' ? v[1] : undefined, full);
  },
  // references(symbolicName, ['Full']): reference() of every instance of a resource collection, in copy order.
  references: (args, scope, name) => {
    const v = count(name, args, 1, 2);
    return scope.references(strArg(name, v[0]), typeof v[1] === 'string' && v[1].toLowerCase() === 'full');
  },
  listkeys: (args, scope, name) => {
    const v = count(name, args, 2, 3);
    return scope.list(name, strArg(name, v[0]));
  },
  uniquestring: (args, _scope, name) => {
    if (args.length < 1) throw wrongArgumentCount(name, 'at least 1', 0);
    return uniqueString(args.map((a) => strArg(name, a())));
  },
  guid: (args, _scope, name) => {
    if (args.length < 1) throw wrongArgumentCount(name, 'at least 1', 0);
    return templateGuid(args.map((a) => strArg(name, a())));
  },
  newguid: (args, scope, name) => (onlyInParameterDefault(name, scope), count(name, args, 0, 0), randomUUID()),
};

export function notFoundReference(id: string): TemplateFailure {
  // ARM's words for a resource it does not have, as for a GET (containerGroups.ts): "The Resource
  // 'Microsoft.Network/virtualNetworks/x' under resource group 'rg' was not found. For more details please go to
  // https://aka.ms/ARMResourceNotFoundFix".
  const m = /\/resourceGroups\/([^/]+)\/providers\/([^/]+\/[^/]+)\/(.+)$/i.exec(id);
  if (!m) return new TemplateFailure(`The Resource '${id}' was not found.`);
  const rest = m[3].split('/');
  const type = [m[2], ...rest.filter((_, i) => i % 2 === 1)].join('/');
  const name = rest.filter((_, i) => i % 2 === 0).join('/');
  return new TemplateFailure(`The Resource '${type}/${name}' under resource group '${m[1]}' was not found. For more details please go to https://aka.ms/ARMResourceNotFoundFix`);
}
