// Deployment and resource functions: parameters(), variables(), copyIndex(), resourceGroup(), subscription(),
// deployment(), resourceId(), reference(), listKeys()/list*(), uniqueString(), guid() (semantics from the ARM function
// reference, template-functions-resource / -scope / -deployment / -string).
import { createHash, randomUUID } from 'node:crypto';
import type { Lazy } from './evaluate';
import type { Json, TemplateFunction } from './functions';
import { TemplateFailure, invalidArgument, wrongArgumentCount } from './template-errors';

function strArg(name: string, v: Json): string {
  if (typeof v !== 'string') throw invalidArgument(name, 'the argument must be a string');
  return v;
}

function count(name: string, args: Lazy[], min: number, max: number): Json[] {
  if (args.length < min || args.length > max) throw wrongArgumentCount(name, min === max ? String(min) : `between ${min} and ${max}`, args.length);
  return args.map((a) => a());
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
  // utcNow() and newGuid() are allowed only in parameter default values (ARM docs); the deployment enforces where.
  utcnow: (args, _scope, name) => {
    const v = count(name, args, 0, 1);
    const iso = new Date().toISOString();
    return v[0] === 'u' ? iso.replace(/\.\d+Z$/, 'Z').replace('T', ' ') : iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  },
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
