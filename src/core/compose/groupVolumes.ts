/**
 * The services' volumes → the group's volumes and each container's mounts (07-volumes.md; ACI Azure Files and
 * emptyDir volumes). A named volume is Azure Files (kept across restarts, shared) or emptyDir (the group's
 * lifetime), as the user chooses; anonymous volumes and tmpfs are emptyDir; bind mounts are refused. Compose
 * secrets (09-secrets.md) become a secret volume at /run/secrets whose files are `{{secret:NAME}}` references.
 */
import type { ServiceResult } from './convertService';
import type { ComposeProject } from './loadProject';
import type { Notes } from './notes';
import type { ConversionChoices } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A volume name ACI accepts: 5-63 lower case letters, digits and single inner hyphens. */
export function volumeName(name: string): string {
  let out = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (out.length < 5) out = `${out || 'volume'}-data`.replace(/^-/, '');
  return out.slice(0, 63).replace(/-+$/, '');
}

export const STORAGE_ACCOUNT_PLACEHOLDER = '<storage-account-name>';

export function groupVolumes(project: ComposeProject, results: Map<string, ServiceResult>, notes: Notes, choices: ConversionChoices): { list: Record<string, unknown>[]; named: string[] } {
  const list: Record<string, unknown>[] = [];
  const made = new Map<string, string>();
  const named = new Set<string>();
  const add = (key: string, wanted: string, volume: (name: string) => Record<string, unknown>): string => {
    const existing = made.get(key);
    if (existing) return existing;
    let name = volumeName(wanted);
    for (let i = 2; list.some((v) => v.name === name); i++) name = volumeName(`${wanted}-${i}`);
    list.push(volume(name));
    made.set(key, name);
    return name;
  };
  for (const [service, result] of results) {
    const mounts: Record<string, unknown>[] = [];
    result.mounts.forEach(({ entry, path }, i) => {
      if (entry.type === 'bind') {
        notes.add('blocked', 'bindMount', path, `${entry.source} is a folder of this machine, which a container group cannot reach. Copy the files into the image (COPY in its Dockerfile), or upload them to an Azure Files share and mount it as a named volume.`, service);
        return;
      }
      if (entry.type === 'other') {
        notes.add('blocked', 'volumes', path, 'This volume type has no counterpart in a container group.', service);
        return;
      }
      let name: string;
      if (entry.type === 'volume' && entry.source) {
        named.add(entry.source);
        const declared = project.volumes[entry.source];
        const kind = choices.volumes?.[entry.source] ?? 'emptyDir';
        const shareName = isObject(declared) && typeof declared.name === 'string' ? declared.name : entry.source;
        name = add(`volume:${entry.source}`, entry.source, (n) =>
          kind === 'azureFile'
            ? { name: n, azureFile: { shareName: volumeName(shareName), storageAccountName: choices.storageAccountName ?? STORAGE_ACCOUNT_PLACEHOLDER, storageAccountKey: `{{secret:${n}-storage-key}}` } }
            : { name: n, emptyDir: {} },
        );
        notes.add(kind === 'azureFile' ? 'mapped' : 'changed', 'volumes', path, kind === 'azureFile'
          ? `Named volume ${entry.source} → Azure Files share ${volumeName(shareName)} (create it in the storage account; its key is the secret ${name}-storage-key).`
          : `Named volume ${entry.source} → emptyDir: its files last as long as the group, not across a redeploy. Choose Azure Files to keep them.`, service);
      } else {
        name = add(`anon:${service}:${i}`, `${result.name}-${entry.type === 'tmpfs' ? 'tmpfs' : 'data'}`, (n) => ({ name: n, emptyDir: {} }));
        notes.add('changed', 'volumes', path, `${entry.target} → emptyDir (the group's lifetime).`, service);
      }
      mounts.push({ name, mountPath: entry.target, ...(entry.readOnly ? { readOnly: true } : {}) });
    });
    const secretFiles = composeSecrets(project, service, result, notes);
    if (secretFiles) {
      const name = add(`secrets:${service}`, `${result.name}-secrets`, (n) => ({ name: n, secret: secretFiles }));
      mounts.push({ name, mountPath: '/run/secrets', readOnly: true });
    }
    if (mounts.length) result.properties.volumeMounts = mounts;
  }
  return { list, named: [...named] };
}

/** A service's Compose secrets as the files of a secret volume (values base64, as ACI wants them). */
function composeSecrets(project: ComposeProject, service: string, result: ServiceResult, notes: Notes): Record<string, string> | undefined {
  const entries = project.services[service].secrets;
  if (!Array.isArray(entries) || !entries.length) return undefined;
  const files: Record<string, string> = {};
  entries.forEach((e, i) => {
    const source = isObject(e) ? String(e.source) : String(e);
    const target = isObject(e) && typeof e.target === 'string' ? e.target : source;
    const path = ['services', service, 'secrets', i];
    if (target.includes('/')) {
      notes.add('leftOut', 'secrets', path, `The secret ${source} targets ${target}: ACI mounts secrets in one folder, /run/secrets; left out.`, service);
      return;
    }
    const declared = project.secrets[source];
    const name = volumeName(`secret-${source}`);
    files[target] = `{{secret:${name}}}`;
    const value = isObject(declared) && typeof declared.environment === 'string' ? project.env[declared.environment] : undefined;
    result.secrets.push({ name, value: value === undefined ? undefined : base64(value), where: `${service}: /run/secrets/${target}`, ...(isObject(declared) && typeof declared.file === 'string' ? { file: declared.file } : {}) });
    notes.add('changed', 'secrets', path, `Secret ${source} → /run/secrets/${target} from a secret volume; its value (base64) is the stored secret ${name}, never written.`, service);
  });
  return Object.keys(files).length ? files : undefined;
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
