/**
 * Value skeletons: the shape of a value to insert (objects with their required members, one array item,
 * placeholders with useful defaults), written once and rendered as YAML or JSON by render.ts.
 */
import { resolveRef, SchemaNode } from '../schema/schemaLookup';

export type Skel =
  | { t: 'obj'; entries: [string, Skel][] }
  | { t: 'arr'; items: Skel[] }
  /** A string (placeholder unless `fixed`). */
  | { t: 'str'; value: string; fixed?: boolean }
  | { t: 'num'; value: number; fixed?: boolean }
  | { t: 'bool'; value: boolean }
  /** A string chosen from a list; the first option is the default. */
  | { t: 'choice'; options: string[] }
  /** An object left open for the user to fill (the cursor goes inside it). */
  | { t: 'open' };

export const str = (value: string): Skel => ({ t: 'str', value });
export const num = (value: number): Skel => ({ t: 'num', value });
export const obj = (...entries: [string, Skel][]): Skel => ({ t: 'obj', entries });
export const arr = (...items: Skel[]): Skel => ({ t: 'arr', items });
export const choice = (...options: string[]): Skel => ({ t: 'choice', options });

/** Defaults for required members, by property name: values that pass validation as written. */
const STRING_DEFAULTS: Record<string, string> = {
  image: 'mcr.microsoft.com/azuredocs/aci-helloworld:latest',
  mountPath: '/mnt/data',
  shareName: 'myshare',
  storageAccountName: 'mystorageaccount',
  server: 'myregistry.azurecr.io',
  repository: 'https://github.com/Azure-Samples/aci-helloworld.git',
  vaultBaseUrl: 'https://myvault.vault.azure.net',
  keyName: 'mykey',
  keyVersion: 'keyversion',
  workspaceId: 'workspace-id',
  id: '/subscriptions/subscription-id/resourceGroups/my-rg/providers/Microsoft.Network/virtualNetworks/my-vnet/subnets/default',
  extensionType: 'extension-type',
  version: '1.0',
  location: 'westeurope',
  apiVersion: '2023-05-01',
};

const NUMBER_DEFAULTS: Record<string, number> = { cpu: 1, memoryInGB: 1.5, port: 80, count: 1 };

/** Preferred first choice of an enum, by property name (the schema order is the swagger's). */
const PREFERRED: Record<string, string> = {
  osType: 'Linux',
  type: 'Public',
  protocol: 'TCP',
  restartPolicy: 'Always',
  scheme: 'http',
  sku: 'Standard',
  priority: 'Regular',
  logType: 'ContainerInstanceLogs',
};

/** Name-like required strings get a name that follows the naming rules of what they name. */
function nameDefault(context: string): string {
  if (/volume/i.test(context)) return 'myvolume';
  if (/environment/i.test(context)) return 'MY_VARIABLE';
  if (/extension/i.test(context)) return 'myextension';
  if (/init/i.test(context)) return 'init';
  return 'app';
}

/**
 * The skeleton of a value of `schema`: objects with their required members (recursively), arrays with
 * one item. `context` is the path of names leading here (for name defaults).
 */
export function skeletonFor(schemaIn: SchemaNode | undefined, key: string, context: string, depth = 0): Skel {
  const schema = resolveRef(schemaIn);
  if (!schema || depth > 6) return str('');
  if (schema.enum) {
    const options = schema.enum.map(String);
    const preferred = schema.default !== undefined ? String(schema.default) : PREFERRED[key];
    const i = preferred ? options.indexOf(preferred) : -1;
    return choice(...(i > 0 ? [options[i], ...options.filter((_, j) => j !== i)] : options));
  }
  switch (schema.type) {
    case 'boolean':
      return { t: 'bool', value: false };
    case 'integer':
    case 'number':
      return num(NUMBER_DEFAULTS[key] ?? 1);
    case 'array': {
      const item = resolveRef(schema.items);
      return item ? arr(skeletonFor(item, key, context + '/' + key, depth + 1)) : arr(str(''));
    }
    case 'string':
      return str(key === 'name' ? nameDefault(context) : STRING_DEFAULTS[key] ?? '');
    default:
      break;
  }
  if (schema.type === 'object' || schema.properties || schema.additionalProperties) {
    const required = Object.keys(schema.properties ?? {}).filter((k) => schema.required?.includes(k));
    const declared = Object.keys(schema.properties ?? {}).length > 0 || !!schema.additionalProperties;
    if (required.length === 0) return declared ? { t: 'open' } : obj();
    return obj(...required.map((k): [string, Skel] => [k, skeletonFor(schema.properties![k], k, context + '/' + key, depth + 1)]));
  }
  return str('');
}
