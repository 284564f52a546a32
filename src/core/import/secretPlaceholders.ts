/**
 * Puts a `{{secret:NAME}}` placeholder in every secret field of an imported group. Azure never returns
 * secret values (secure environment variables come back without a value, registry credentials without
 * their password, Azure Files volumes without the key), so the placeholders mark where the user's stored
 * secrets go; a value that came back anyway is replaced too, so none reaches the file.
 */
import { isPlainObject, list, prop, trimmedText, type PlainObject } from '../definition/plainValues';
import { findSecretReferences, isSecretField, isSecretPlaceholder, isSecretUrlField, urlUserinfo } from '../definition/secrets';

export interface PlaceholderUse {
  /** The stored secret's name. */
  name: string;
  /** Where it goes, e.g. `containers[web].environmentVariables[DB_PASSWORD].secureValue`. */
  field: string;
  /** The user and password of a URL Azure returned with its credentials: they were there, now the file has a placeholder. */
  fromUrl?: boolean;
}

/** What the import could not restore: Azure returns neither the names nor the values of these. */
export type ImportGap = { kind: 'secretVolume'; volume: string } | { kind: 'protectedSettings'; extension: string };

export interface Placeholders {
  uses: PlaceholderUse[];
  gaps: ImportGap[];
}

const MAX_NAME = 127;

/** A stored-secret name from readable parts: allowed characters only, unique within the import. */
function secretName(parts: string[], taken: Set<string>): string {
  const base =
    parts
      .map((p) => p.replace(/[^A-Za-z0-9._-]+/g, '-'))
      .filter(Boolean)
      .join('.')
      .replace(/^[^A-Za-z0-9]+/, '')
      .slice(0, MAX_NAME - 4) || 'secret';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}`;
  taken.add(name.toLowerCase());
  return name;
}

const placeholder = (name: string) => `{{secret:${name}}}`;

/** Secret names to use again, by the field they fill (`containers[web].environmentVariables[DB].secureValue`). */
export type ReusedNames = ReadonlyMap<string, string>;

class Collector {
  readonly uses: PlaceholderUse[] = [];
  readonly gaps: ImportGap[] = [];
  protected readonly taken = new Set<string>();

  constructor(
    private readonly group: string,
    private readonly reuse: ReusedNames = new Map(),
  ) {
    for (const name of reuse.values()) this.taken.add(name.toLowerCase());
  }

  /** The name for `field`: the one the user already has for it, else a new one from readable parts. */
  protected nameFor(nameParts: string[], field: string): string {
    return this.reuse.get(field) ?? secretName([this.group, ...nameParts], this.taken);
  }

  set(o: PlainObject, key: string, nameParts: string[], field: string): void {
    const name = this.nameFor(nameParts, field);
    o[key] = placeholder(name);
    this.uses.push({ name, field });
  }

  /** Replaces the user and password of the URL at `o[key]` with a placeholder, unless it is one already. */
  setUserinfo(o: PlainObject, key: string, nameParts: string[], field: string): void {
    const url = o[key];
    const span = typeof url === 'string' ? urlUserinfo(url) : undefined;
    if (typeof url !== 'string' || !span || isSecretPlaceholder(url.slice(span.start, span.end))) return;
    const name = this.nameFor(nameParts, field);
    o[key] = url.slice(0, span.start) + placeholder(name) + url.slice(span.end);
    this.uses.push({ name, field, fromUrl: true });
  }
}

const text = (v: unknown, fallback: string) => trimmedText(v) ?? fallback;

function containers(props: PlainObject, c: Collector): void {
  for (const listKey of ['containers', 'initContainers']) {
    list(props[listKey]).forEach((container, i) => {
      const cname = text(prop(container, 'name'), String(i));
      const cprops = prop(container, 'properties');
      list(prop(cprops, 'environmentVariables')).forEach((env, j) => {
        if (!isPlainObject(env)) return;
        // A variable that comes back without a value is a secure one: its value is the hidden secureValue.
        if (typeof env.value === 'string' && env.secureValue === undefined) return;
        // A value read from a declared secret reference (2025-09-01) is no secret to store.
        if (trimmedText(env.secureValueReference)) return;
        const vname = text(env.name, String(j));
        delete env.value;
        c.set(env, 'secureValue', [cname, vname], `${listKey}[${cname}].environmentVariables[${vname}].secureValue`);
      });
    });
  }
}

function registries(props: PlainObject, c: Collector): void {
  for (const cred of list(props.imageRegistryCredentials)) {
    // Credentials with a managed identity have no password.
    if (!isPlainObject(cred) || trimmedText(cred.identity) || trimmedText(cred.identityUrl) || trimmedText(cred.passwordReference)) continue;
    const server = text(cred.server, 'registry');
    c.set(cred, 'password', [server, text(cred.username, 'user')], `imageRegistryCredentials[${server}].password`);
  }
}

function volumes(props: PlainObject, c: Collector): void {
  for (const volume of list(props.volumes)) {
    if (!isPlainObject(volume)) continue;
    const vname = text(volume.name, 'volume');
    if (isPlainObject(volume.azureFile) && !trimmedText(volume.azureFile.storageAccountKeyReference)) {
      c.set(volume.azureFile, 'storageAccountKey', [vname, 'storageAccountKey'], `volumes[${vname}].azureFile.storageAccountKey`);
    }
    // A private repository's URL comes back with its credentials (`https://user:token@host/…`).
    if (isPlainObject(volume.gitRepo)) c.setUserinfo(volume.gitRepo, 'repository', [vname, 'repository'], `volumes[${vname}].gitRepo.repository`);
    if (isPlainObject(volume.secret)) {
      const files = Object.keys(volume.secret);
      if (files.length === 0) c.gaps.push({ kind: 'secretVolume', volume: vname });
      for (const file of files) c.set(volume.secret, file, [vname, file], `volumes[${vname}].secret.${file}`);
    }
  }
}

function diagnostics(props: PlainObject, c: Collector): void {
  const logAnalytics = prop(props.diagnostics, 'logAnalytics');
  // workspaceKey is required; workspaceResourceId is optional and Azure hides whether it was set.
  if (isPlainObject(logAnalytics)) c.set(logAnalytics, 'workspaceKey', ['logAnalytics', 'workspaceKey'], 'diagnostics.logAnalytics.workspaceKey');
}

function extensions(props: PlainObject, c: Collector): void {
  for (const ext of list(props.extensions)) {
    const eprops = prop(ext, 'properties');
    if (isPlainObject(eprops) && eprops.protectedSettings === undefined) c.gaps.push({ kind: 'protectedSettings', extension: text(prop(ext, 'name'), '?') });
  }
}

const fieldOf = (path: (string | number)[]): string =>
  path.map((p) => (typeof p === 'number' ? `[${p}]` : p)).join('.').replace(/\.\[/g, '[').replace(/^properties\./, '');
const nameParts = (path: (string | number)[]): string[] => path.filter((p): p is string => typeof p === 'string' && p !== 'properties').slice(-2);

/** Last line of defence: any secret field still holding a value gets a placeholder named by its path. */
function sweep(value: unknown, path: (string | number)[], c: Collector): void {
  if (Array.isArray(value)) value.forEach((v, i) => sweep(v, [...path, i], c));
  if (!isPlainObject(value)) return;
  for (const [k, v] of Object.entries(value)) {
    const here = [...path, k];
    if (isSecretField(here) && !(typeof v === 'string' && isSecretPlaceholder(v))) {
      c.set(value, k, nameParts(here), fieldOf(here));
    } else if (isSecretUrlField(here)) c.setUserinfo(value, k, nameParts(here), fieldOf(here));
    else sweep(v, here, c);
  }
}

/**
 * Reads instead of writing: records the placeholder each secret field of a definition already holds, by the
 * same field names the import writes, so a new import of the group can use the same names.
 */
class PlaceholderReader extends Collector {
  readonly found = new Map<string, string>();

  private take(text: unknown, field: string): void {
    const refs = typeof text === 'string' ? findSecretReferences(text) : [];
    if (refs.length === 1 && refs[0].valid) this.found.set(field, refs[0].name);
  }

  override set(o: PlainObject, key: string, _nameParts: string[], field: string): void {
    if (typeof o[key] === 'string' && isSecretPlaceholder(o[key])) this.take(o[key], field);
  }

  override setUserinfo(o: PlainObject, key: string, _nameParts: string[], field: string): void {
    const url = o[key];
    const span = typeof url === 'string' ? urlUserinfo(url) : undefined;
    if (span) this.take((url as string).slice(span.start, span.end), field);
  }
}

function walk(group: PlainObject, c: Collector): void {
  const props = group.properties;
  if (isPlainObject(props)) {
    containers(props, c);
    registries(props, c);
    volumes(props, c);
    diagnostics(props, c);
    extensions(props, c);
  }
  sweep(group, [], c);
}

/**
 * Fills the secret fields of `group` (the settable fields, changed in place) with placeholders; a field named
 * in `reuse` gets that name.
 */
export function addSecretPlaceholders(group: PlainObject, groupName: string, reuse?: ReusedNames): Placeholders {
  const c = new Collector(groupName, reuse);
  walk(group, c);
  return { uses: c.uses, gaps: c.gaps };
}

/** The placeholder names a definition's secret fields hold, by field (the definition itself is not changed). */
export function placeholdersByField(group: unknown): Map<string, string> {
  const reader = new PlaceholderReader('');
  if (isPlainObject(group)) walk(structuredClone(group), reader);
  return reader.found;
}
