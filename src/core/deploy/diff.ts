/**
 * What an update changes, path by path (like ARM's what-if): every setting of the definition compared with
 * the group Azure has, as `+` added, `-` removed and `~` changed lines. Secret fields are never compared or
 * shown (Azure does not return them), and what Azure fills in by itself (state, IP address, defaults) is not
 * reported as removed.
 */
import { isSecretField, maskUserinfo } from '../definition/secrets';
import { isPlainObject } from '../definition/plainValues';

type Path = (string | number)[];

export interface Change {
  kind: 'added' | 'removed' | 'changed';
  /** `containers[web].environmentVariables[MODE].value`: array elements by name, `properties` left out. */
  path: string;
  before?: string;
  after?: string;
}

/** Values Azure accepts and echoes in any letter case. */
const ANY_CASE = new Set(['ostype', 'restartpolicy', 'sku', 'type', 'protocol', 'priority']);
/**
 * Settings that are absent from the definition only because the user left them out (not filled in by Azure):
 * when the group has them and the definition does not, the update removes them.
 */
const REMOVABLE = new Set([
  'properties.ipaddress',
  'properties.volumes',
  'properties.initcontainers',
  'properties.imageregistrycredentials',
  'properties.diagnostics',
  'properties.subnetids',
  'properties.dnsconfig',
  'properties.encryptionproperties',
  'properties.extensions',
  'properties.confidentialcomputeproperties',
  'identity',
  'zones',
]);
const MAX_VALUE = 80;

function show(v: unknown): string {
  // A URL's user and password (a gitRepo repository's) are secret: the change shows the rest.
  const s = typeof v === 'string' ? maskUserinfo(v) : JSON.stringify(v) ?? String(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s;
}

function formatPath(path: Path): string {
  let out = '';
  for (const seg of path) {
    if (seg === 'properties') continue;
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (seg.startsWith('[')) out += seg; // an element's key, from walkElement
    else out += out ? `.${seg}` : seg;
  }
  return out;
}

/** How elements of an array are matched: by name, by port, else by position. */
function elementKey(items: unknown[]): ((item: unknown, index: number) => string) | undefined {
  if (items.length && items.every((i) => isPlainObject(i) && typeof i.name === 'string')) return (i) => String((i as { name: string }).name);
  if (items.length && items.every((i) => isPlainObject(i) && (typeof i.port === 'number' || typeof i.port === 'string'))) {
    return (i) => String((i as { port: unknown }).port);
  }
  if (items.some(isPlainObject)) return (_i, index) => String(index);
  return undefined;
}

function sameScalar(key: string, before: unknown, after: unknown): boolean {
  if (typeof before === 'string' && typeof after === 'string' && ANY_CASE.has(key.toLowerCase())) {
    return before.toLowerCase() === after.toLowerCase();
  }
  if ((typeof before === 'number' || typeof before === 'string') && (typeof after === 'number' || typeof after === 'string')) {
    return String(before) === String(after);
  }
  return before === after;
}

function brief(item: unknown): string {
  const image = isPlainObject(item) && isPlainObject(item.properties) ? item.properties.image : undefined;
  return typeof image === 'string' ? image : '';
}

function walk(before: unknown, after: unknown, path: Path, out: Change[]): void {
  if (isSecretField(path)) return;
  const at = formatPath(path);
  if (after === undefined) return;
  if ((before === undefined || before === null) && Array.isArray(after) && elementKey(after)) before = [];
  if (before === undefined || before === null) {
    const shown = isPlainObject(after) || Array.isArray(after) ? brief(after) : show(after);
    out.push({ kind: 'added', path: at, ...(shown ? { after: shown } : {}) });
    return;
  }
  if (Array.isArray(after)) {
    const old = Array.isArray(before) ? before : [];
    const keyOf = elementKey([...after, ...old]);
    if (!keyOf) {
      if (JSON.stringify(old) !== JSON.stringify(after)) out.push({ kind: 'changed', path: at, before: show(old), after: show(after) });
      return;
    }
    const oldByKey = new Map(old.map((item, i) => [keyOf(item, i).toLowerCase(), item]));
    const newKeys = new Set<string>();
    after.forEach((item, i) => {
      const key = keyOf(item, i);
      newKeys.add(key.toLowerCase());
      // Elements sit in the path as `[key]`; the index is kept only for secret-field matching.
      walkElement(oldByKey.get(key.toLowerCase()), item, [...path, i], key, out);
    });
    old.forEach((item, i) => {
      const key = keyOf(item, i);
      if (!newKeys.has(key.toLowerCase())) out.push({ kind: 'removed', path: `${at}[${key}]` });
    });
    return;
  }
  if (isPlainObject(after)) {
    const old = isPlainObject(before) ? before : {};
    for (const [k, v] of Object.entries(after)) walk(old[k], v, [...path, k], out);
    const lowerPath = path.filter((s) => typeof s === 'string').join('.').toLowerCase();
    for (const [k, v] of Object.entries(old)) {
      if (k in after || v === undefined || v === null || (Array.isArray(v) && v.length === 0)) continue;
      const full = lowerPath ? `${lowerPath}.${k.toLowerCase()}` : k.toLowerCase();
      if (lowerPath === 'tags' || REMOVABLE.has(full)) {
        if (!isSecretField([...path, k])) out.push({ kind: 'removed', path: formatPath([...path, k]), ...(lowerPath === 'tags' ? { before: show(v) } : {}) });
      }
    }
    return;
  }
  const key = String(path[path.length - 1] ?? '');
  if (!sameScalar(key, before, after)) out.push({ kind: 'changed', path: at, before: show(before), after: show(after) });
}

function walkElement(before: unknown, after: unknown, path: Path, key: string, out: Change[]): void {
  const shownPath = [...path.slice(0, -1), `[${key}]`];
  const start = out.length;
  walk(before, after, path, out);
  // Re-label the element's lines with its key instead of its index.
  const indexed = formatPath(path);
  const named = formatPath(shownPath);
  for (let i = start; i < out.length; i++) {
    if (out[i].path.startsWith(indexed)) out[i] = { ...out[i], path: named + out[i].path.slice(indexed.length) };
  }
}

/** Every difference between the group in Azure and the body about to be sent. */
export function diffGroup(existing: unknown, desired: unknown): Change[] {
  const out: Change[] = [];
  const e = isPlainObject(existing) ? existing : {};
  const d = isPlainObject(desired) ? desired : {};
  const norm = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '').toLowerCase() : undefined);
  if (norm(e.location) && norm(d.location) && norm(e.location) !== norm(d.location)) {
    out.push({ kind: 'changed', path: 'location', before: String(e.location), after: String(d.location) });
  }
  for (const key of ['properties', 'tags', 'identity', 'zones', 'sku']) walk(e[key], d[key], [key], out);
  for (const key of Object.keys(e)) {
    if (!(key in d) && REMOVABLE.has(key.toLowerCase()) && e[key] !== undefined && e[key] !== null) out.push({ kind: 'removed', path: key });
  }
  return out;
}

export function formatChange(c: Change): string {
  if (c.kind === 'added') return `+ ${c.path}${c.after ? `: ${c.after}` : ''}`;
  if (c.kind === 'removed') return `- ${c.path}${c.before ? `: ${c.before}` : ''}`;
  const note = c.path === 'location' ? ' (Azure does not move an existing group; the update will fail)' : '';
  return `~ ${c.path}: ${c.before} → ${c.after}${note}`;
}

/** One line per change, e.g. `~ containers[web].image: nginx:1.25 → nginx:1.27`, `+ volumes[cache]`. */
export function describeChanges(existing: unknown, desired: unknown): string[] {
  return diffGroup(existing, desired).map(formatChange);
}
