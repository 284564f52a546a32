// What a template deployment creates and what reference()/listKeys() read: container groups go through the container
// group store (so they show in GET, list and live state like any other group); every other type is kept as a plain
// resource with provisioningState Succeeded (the emulator serves no other provider).
import { createHash } from 'node:crypto';
import { guidFrom } from './deterministic';
import { TENANT } from './pickLists';
import type { EmulatorState } from './context';
import { CONTAINER_GROUP_TYPE, findGroup, groupKey, groupView, normalizeLocation } from './containerGroupView';
import type { Obj } from './armTemplates/functions';
import type { Runtime } from './armTemplates/templateRun';

export interface PlainResource {
  id: string;
  type: string;
  name: string;
  apiVersion: string;
  body: Obj;
}

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Splits a resource-group-scoped id into its parts (undefined for other ids). */
export function parseResourceId(id: string): { subscriptionId: string; resourceGroup: string; type: string; name: string } | undefined {
  const m = /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/([^/]+)\/(.+)$/i.exec(id);
  if (!m) return undefined;
  const rest = m[4].split('/');
  const types = [m[3]];
  const names: string[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    types.push(rest[i]);
    names.push(rest[i + 1] ?? '');
  }
  return { subscriptionId: m[1], resourceGroup: m[2], type: types.join('/'), name: names.join('/') };
}

export function isContainerGroupType(type: string): boolean {
  return type.toLowerCase() === CONTAINER_GROUP_TYPE.toLowerCase();
}

/** A plain resource as a GET would return it. */
export function plainView(r: PlainResource): Obj {
  const out: Obj = { id: r.id, name: r.name.split('/').pop() ?? r.name, type: r.type };
  for (const k of ['location', 'tags', 'sku', 'kind', 'identity', 'zones']) if (r.body[k] !== undefined) out[k] = k === 'location' ? normalizeLocation(String(r.body[k])) : r.body[k];
  const props: Obj = { ...(isObj(r.body.properties) ? r.body.properties : {}), provisioningState: 'Succeeded' };
  if (r.type.toLowerCase() === 'microsoft.storage/storageaccounts') {
    // The endpoints a storage account has (Microsoft.Storage StorageAccountGetProperties example).
    const n = out.name as string;
    props.primaryEndpoints = { blob: `https://${n}.blob.core.windows.net/`, file: `https://${n}.file.core.windows.net/`, queue: `https://${n}.queue.core.windows.net/`, table: `https://${n}.table.core.windows.net/` };
  }
  if (r.type.toLowerCase() === 'microsoft.managedidentity/userassignedidentities') {
    // An identity's read-only ids (Microsoft.ManagedIdentity IdentityGet example: tenantId, principalId, clientId).
    props.tenantId = TENANT;
    props.principalId = guidFrom('principal', r.id.toLowerCase());
    props.clientId = guidFrom('client', r.id.toLowerCase());
  }
  out.properties = props;
  return out;
}

/** The current view of a resource by id (container group or plain), with apiVersion for reference(…, 'Full'). */
export function resourceView(state: EmulatorState, id: string): Obj | undefined {
  const parts = parseResourceId(id);
  if (!parts) return undefined;
  if (isContainerGroupType(parts.type)) {
    const g = findGroup(state, groupKey(parts));
    return g ? (groupView(g) as Obj) : undefined;
  }
  const plain = state.resources.get(id.toLowerCase());
  return plain ? plainView(plain) : undefined;
}

/** Deterministic storage-style keys for listKeys() (shape of Microsoft.Storage StorageAccountListKeys example). */
function keysOf(id: string): Obj {
  const key = (n: number): string => createHash('sha512').update(`${id.toLowerCase()}|key${n}`).digest('base64');
  return { keys: [1, 2].map((n) => ({ keyName: `key${n}`, value: key(n), permissions: 'FULL' })) };
}

export function deploymentRuntime(state: EmulatorState): Runtime {
  return {
    reference: (id, full) => {
      const view = resourceView(state, id);
      if (!view) return undefined;
      return (full ? view : (view.properties ?? {}));
    },
    list: (_action, id) => (resourceView(state, id) ? keysOf(id) : undefined),
  };
}

/** The resources of a resource group (for what-if's Ignore/Delete of what the template does not mention). */
export function resourcesInGroup(state: EmulatorState, subscriptionId: string, resourceGroup: string): { id: string; view: Obj }[] {
  const prefix = `/subscriptions/${subscriptionId}/resourcegroups/${resourceGroup}/`.toLowerCase();
  const out: { id: string; view: Obj }[] = [];
  for (const g of state.groups.values()) {
    const view = findGroup(state, groupKey(g)) ? (groupView(g) as Obj) : undefined;
    if (view && String(view.id).toLowerCase().startsWith(prefix)) out.push({ id: String(view.id), view });
  }
  for (const r of state.resources.values()) if (r.id.toLowerCase().startsWith(prefix)) out.push({ id: r.id, view: plainView(r) });
  return out;
}
