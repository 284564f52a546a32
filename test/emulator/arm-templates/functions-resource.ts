// Deployment, resource and scope functions: parameters(), variables(), copyIndex(), resourceGroup(), subscription(),
// tenant(), managementGroup(), deployment(), environment(), the *ResourceId() family, reference(), listKeys()/list*(),
// pickZones(), uniqueString(), guid(), newGuid() (semantics from the ARM function reference,
// template-functions-resource / -scope / -deployment / -string).
import { createHash, randomUUID } from 'node:crypto';
import type { Lazy } from './evaluate';
import type { Json, TemplateFunction } from './functions-base';
import { TemplateFailure, invalidArgument, wrongArgumentCount } from './template-errors';

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

/**
 * uniqueString(): 13 characters of [a-z2-7] that depend only on the arguments (the docs: "a deterministic hash
 * string … 13 characters long"). The same inputs always give the same value; not the value Azure computes.
 */
export function uniqueString(parts: string[]): string {
  const h = createHash('sha256').update(parts.join('-')).digest();
  let out = '';
  for (let i = 0; i < 13; i++) out += BASE32[h[i] % 32];
  return out;
}

/** guid(): a name-based (version 5 style) GUID of the arguments: the same inputs give the same GUID. */
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
  // availability zones, [] where it has none (the reference's examples: westus2 gives ["1"], northcentralus []).
  pickzones: (args, _scope, name) => {
    const v = count(name, args, 3, 5);
    const location = strArg(name, v[2]).toLowerCase().replace(/\s+/g, '');
    const wanted = typeof v[3] === 'number' ? v[3] : 1;
    const offset = typeof v[4] === 'number' ? v[4] : 0;
    if (!ZONAL_REGIONS.has(location)) return [];
    return Array.from({ length: Math.min(wanted, 3) }, (_, i) => String(((offset + i) % 3) + 1));
  },
  reference: (args, scope, name) => {
    const v = count(name, args, 1, 3);
    const full = typeof v[2] === 'string' && v[2].toLowerCase() === 'full';
    return scope.reference(strArg(name, v[0]), typeof v[1] === 'string' ? v[1] : undefined, full);
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
  // newGuid() is allowed only in parameter default values (ARM docs); the deployment enforces where.
  newguid: (args, _scope, name) => (count(name, args, 0, 0), randomUUID()),
};

export function notFoundReference(id: string): TemplateFailure {
  // ARM's words for a resource it does not have, as for a GET (container-groups.ts): "The Resource
  // 'Microsoft.Network/virtualNetworks/x' under resource group 'rg' was not found. For more details please go to
  // https://aka.ms/ARMResourceNotFoundFix".
  const m = /\/resourceGroups\/([^/]+)\/providers\/([^/]+\/[^/]+)\/(.+)$/i.exec(id);
  if (!m) return new TemplateFailure(`The Resource '${id}' was not found.`);
  const rest = m[3].split('/');
  const type = [m[2], ...rest.filter((_, i) => i % 2 === 1)].join('/');
  const name = rest.filter((_, i) => i % 2 === 0).join('/');
  return new TemplateFailure(`The Resource '${type}/${name}' under resource group '${m[1]}' was not found. For more details please go to https://aka.ms/ARMResourceNotFoundFix`);
}
