/**
 * A short, top-level description of what an update changes, for the confirmation before a PUT replaces an
 * existing container group. Secret values are never compared or shown (Azure does not return them).
 */
import { prop } from '../containerGroup/summary';

type Obj = Record<string, unknown>;

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

function same(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}

function byName(items: unknown[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const item of items) {
    const name = text(prop(item, 'name'));
    if (name !== undefined) out.set(name.toLowerCase(), item);
  }
  return out;
}

function ports(v: unknown): string {
  return list(v)
    .map((p) => `${text(prop(p, 'port')) ?? '?'}/${(text(prop(p, 'protocol')) ?? 'TCP').toUpperCase()}`)
    .sort()
    .join(', ');
}

function envNames(v: unknown): string[] {
  return list(v).map((e) => text(prop(e, 'name')) ?? '').filter(Boolean).sort();
}

function volumeKind(v: unknown): string {
  return ['azureFile', 'cloudFile', 'emptyDir', 'gitRepo', 'secret'].find((k) => prop(v, k) !== undefined)?.replace('cloudFile', 'azureFile') ?? 'unknown';
}

/** Enum-like values compare in any case (Azure accepts and echoes either); `exact` for case-sensitive ones. */
function change(what: string, before: string | undefined, after: string | undefined, exact = false): string | undefined {
  if (exact ? (before ?? '') === (after ?? '') : same(before, after)) return undefined;
  return `${what}: ${before ?? '(not set)'} → ${after ?? '(not set)'}`;
}

function containerChanges(kind: string, before: unknown, after: unknown, out: string[]): void {
  const old = byName(list(before));
  const next = byName(list(after));
  for (const [key, c] of next) {
    const name = text(prop(c, 'name')) ?? key;
    const o = old.get(key);
    if (!o) {
      out.push(`${kind} ${name} added (${text(prop(prop(c, 'properties'), 'image')) ?? 'no image'})`);
      continue;
    }
    const p = prop(c, 'properties');
    const q = prop(o, 'properties');
    const req = prop(prop(p, 'resources'), 'requests');
    const oreq = prop(prop(q, 'resources'), 'requests');
    const lines = [
      // Image references (tags, digests) and command arguments are case-sensitive.
      change('image', text(prop(q, 'image')), text(prop(p, 'image')), true),
      change('cpu', text(prop(oreq, 'cpu')), text(prop(req, 'cpu'))),
      change('memoryInGB', text(prop(oreq, 'memoryInGB')), text(prop(req, 'memoryInGB'))),
      change('ports', ports(prop(q, 'ports')) || undefined, ports(prop(p, 'ports')) || undefined),
      change('command', JSON.stringify(prop(q, 'command') ?? []), JSON.stringify(prop(p, 'command') ?? []), true),
    ].filter((l): l is string => l !== undefined);
    const oldEnv = envNames(prop(q, 'environmentVariables'));
    const newEnv = envNames(prop(p, 'environmentVariables'));
    const addedEnv = newEnv.filter((n) => !oldEnv.includes(n));
    const removedEnv = oldEnv.filter((n) => !newEnv.includes(n));
    if (addedEnv.length) lines.push(`environment added: ${addedEnv.join(', ')}`);
    if (removedEnv.length) lines.push(`environment removed: ${removedEnv.join(', ')}`);
    if (lines.length) out.push(`${kind} ${name}: ${lines.join('; ')}`);
  }
  for (const [key, o] of old) {
    if (!next.has(key)) out.push(`${kind} ${text(prop(o, 'name')) ?? key} removed`);
  }
}

/**
 * Lines such as "container web: image nginx:1.25 → nginx:1.27", "volume cache added (emptyDir)",
 * "IP address type: Public → Private". Empty when nothing listed here changes.
 */
export function describeChanges(existing: unknown, desired: unknown): string[] {
  const out: string[] = [];
  const ep = prop(existing, 'properties') as Obj | undefined;
  const dp = prop(desired, 'properties') as Obj | undefined;
  const top = (label: string, key: string) => {
    const l = change(label, text(prop(ep, key)), text(prop(dp, key)));
    if (l) out.push(l);
  };
  const loc = text(prop(existing, 'location'));
  const newLoc = text(prop(desired, 'location'));
  if (loc && newLoc && loc.replace(/\s+/g, '').toLowerCase() !== newLoc.replace(/\s+/g, '').toLowerCase()) {
    out.push(`location: ${loc} → ${newLoc} (Azure does not move an existing group; the update will fail)`);
  }
  top('OS type', 'osType');
  top('restart policy', 'restartPolicy');
  // Azure reports `Standard` when the request left the SKU out.
  const sku = change('SKU', text(prop(ep, 'sku')) ?? 'Standard', text(prop(dp, 'sku')) ?? 'Standard');
  if (sku) out.push(sku);
  top('priority', 'priority');
  containerChanges('container', prop(ep, 'containers'), prop(dp, 'containers'), out);
  containerChanges('init container', prop(ep, 'initContainers'), prop(dp, 'initContainers'), out);

  const oldVols = byName(list(prop(ep, 'volumes')));
  const newVols = byName(list(prop(dp, 'volumes')));
  for (const [key, v] of newVols) {
    const o = oldVols.get(key);
    const name = text(prop(v, 'name')) ?? key;
    if (!o) out.push(`volume ${name} added (${volumeKind(v)})`);
    else if (volumeKind(o) !== volumeKind(v)) out.push(`volume ${name}: ${volumeKind(o)} → ${volumeKind(v)}`);
  }
  for (const [key, o] of oldVols) if (!newVols.has(key)) out.push(`volume ${text(prop(o, 'name')) ?? key} removed`);

  const eip = prop(ep, 'ipAddress');
  const dip = prop(dp, 'ipAddress');
  if (eip !== undefined || dip !== undefined) {
    const lines = [
      change('IP address type', text(prop(eip, 'type')), text(prop(dip, 'type'))),
      change('DNS name label', text(prop(eip, 'dnsNameLabel')), text(prop(dip, 'dnsNameLabel'))),
      change('public ports', ports(prop(eip, 'ports')) || undefined, ports(prop(dip, 'ports')) || undefined),
    ];
    out.push(...lines.filter((l): l is string => l !== undefined));
  }
  const subnets = (v: unknown) => list(prop(v, 'subnetIds')).map((s) => text(prop(s, 'id')) ?? '').sort().join(', ');
  const sub = change('subnets', subnets(ep) || undefined, subnets(dp) || undefined);
  if (sub) out.push(sub);
  const idType = change('identity', text(prop(prop(existing, 'identity'), 'type')), text(prop(prop(desired, 'identity'), 'type')));
  if (idType) out.push(idType);
  const tags = (v: unknown) => JSON.stringify(Object.entries((prop(v, 'tags') as Obj | undefined) ?? {}).sort());
  if (tags(existing) !== tags(desired)) out.push('tags changed');
  return out;
}
