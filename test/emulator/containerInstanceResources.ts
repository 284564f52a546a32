// Microsoft.ContainerInstance container group profiles and NGroups: PUT, GET and DELETE at 2025-09-01, answered
// as the published examples show (Azure/azure-rest-api-specs specification/containerinstance/resource-manager/
// Microsoft.ContainerInstance/ContainerInstance/stable/2025-09-01/examples/ContainerGroupProfilesCreateOrUpdate.json,
// ContainerGroupProfileCreateOrUpdate_*.json, NGroupsCreateOrUpdate.json; the files' commits are in
// test/contract/profiles/): 201 on create and 200 on update, the body sent with id, name and type added and its
// secrets left out; a profile counts its revisions (1 on create) and takes sku Standard when it names none; an
// NGroups resource says provisioningState Succeeded. No long-running-operation header is published for either.
// Stored with the resources template deployments create (state.resources), so a profile deployed either way reads
// the same.
import type { RequestContext } from './context';
import type { PlainResource } from './deploymentResources';
import { normalizeLocation } from './containerGroupView';
import { Reply, cloudError, jsonReply } from './reply';

export const PROFILES_API_VERSIONS = ['2025-09-01'] as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const TYPES: Record<string, string> = {
  containergroupprofiles: 'Microsoft.ContainerInstance/containerGroupProfiles',
  ngroups: 'Microsoft.ContainerInstance/ngroups',
};

interface StoredResource extends PlainResource {
  revision?: number;
}

// Fields the published responses leave out (their requests carry them): storage and workspace keys, the
// workspace resource id, an extension's protected settings, secure values and registry passwords.
const SECRET_KEYS = new Set(['storageaccountkey', 'workspacekey', 'workspaceresourceid', 'protectedsettings', 'securevalue', 'password']);

function withoutSecrets(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v));
  if (!isObj(value)) return value;
  // A secret volume's files are not returned (the example answers `"secret": {}`).
  if (key === 'secret') return {};
  const out: Obj = {};
  for (const [k, v] of Object.entries(value)) if (!SECRET_KEYS.has(k.toLowerCase())) out[k] = withoutSecrets(v, k);
  return out;
}

function resourceId(ctx: RequestContext): { id: string; type: string } {
  const type = TYPES[ctx.params.collection.toLowerCase()];
  const { subscriptionId, resourceGroup, name } = ctx.params;
  return { id: `/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/${type}/${name}`, type };
}

function view(r: StoredResource): Obj {
  const out: Obj = { id: r.id, name: r.name, type: r.type };
  for (const k of ['location', 'tags', 'zones', 'identity']) if (r.body[k] !== undefined) out[k] = k === 'location' ? normalizeLocation(String(r.body[k])) : r.body[k];
  const props = withoutSecrets(isObj(r.body.properties) ? r.body.properties : {}) as Obj;
  if (r.type.toLowerCase().endsWith('/containergroupprofiles')) {
    props.sku ??= 'Standard';
    props.revision = r.revision ?? 1;
  } else {
    props.provisioningState = 'Succeeded';
  }
  out.properties = props;
  return out;
}

function notFound(ctx: RequestContext, type: string): Reply {
  return cloudError(404, {
    code: 'ResourceNotFound',
    message: `The Resource '${type}/${ctx.params.name}' under resource group '${ctx.params.resourceGroup}' was not found. For more details please go to https://aka.ms/ARMResourceNotFoundFix`,
  });
}

export function putContainerInstanceResource(ctx: RequestContext): Reply {
  let body: unknown;
  try {
    body = JSON.parse(ctx.body.toString('utf8'));
  } catch (e) {
    const message = `The request content was invalid and could not be deserialized: ${(e as Error).message}`;
    return cloudError(400, { code: 'InvalidRequestContent', message });
  }
  const { id, type } = resourceId(ctx);
  // The service's own words for a body without properties are not on record; this is ARM's generic code.
  if (!isObj(body) || !isObj(body.properties)) return cloudError(400, { code: 'InvalidRequestContent', message: `The request content of ${type} '${ctx.params.name}' has no properties object.` });
  const key = id.toLowerCase();
  const existing: StoredResource | undefined = ctx.state.resources.get(key);
  const stored: StoredResource = {
    id,
    type,
    name: ctx.params.name,
    apiVersion: ctx.url.searchParams.get('api-version') ?? '',
    body: structuredClone(body) as PlainResource['body'],
    revision: (existing?.revision ?? 0) + 1,
  };
  ctx.state.resources.set(key, stored);
  return jsonReply(existing ? 200 : 201, view(stored));
}

export function getContainerInstanceResource(ctx: RequestContext): Reply {
  const { id, type } = resourceId(ctx);
  const stored = ctx.state.resources.get(id.toLowerCase());
  return stored ? jsonReply(200, view(stored)) : notFound(ctx, type);
}

export function deleteContainerInstanceResource(ctx: RequestContext): Reply {
  const { id } = resourceId(ctx);
  const existed = ctx.state.resources.delete(id.toLowerCase());
  return existed ? jsonReply(200, {}) : { status: 204, headers: {}, body: '' };
}
