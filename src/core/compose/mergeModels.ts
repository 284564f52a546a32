/**
 * Several Compose files merged as `docker compose -f a -f b` merges them (Compose specification, 13-merge.md),
 * also used for `extends`: mappings merge key by key; `command`, `entrypoint` and `healthcheck.test` are
 * replaced; `environment`, `labels` and the like merge by name whichever form (list or mapping) each file
 * uses; `ports`, `expose`, `dns` and other sequences are appended without repeats; `volumes` and `secrets` of
 * a service merge by their mount target.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const REPLACED = new Set(['command', 'entrypoint', 'test']);
const BY_NAME = new Set(['environment', 'labels', 'extra_hosts', 'sysctls', 'annotations', 'build.args']);
const BY_TARGET = new Set(['volumes', 'secrets', 'configs']);

/** `NAME=value` items (or a mapping) as a mapping; `NAME` alone maps to null. */
export function asMapping(value: unknown): Record<string, unknown> {
  if (isObject(value)) return value;
  if (!Array.isArray(value)) return {};
  const out: Record<string, unknown> = {};
  for (const item of value) {
    const text = String(item);
    const eq = text.indexOf('=');
    if (eq < 0) out[text] = null;
    else out[text.slice(0, eq)] = text.slice(eq + 1);
  }
  return out;
}

/** A service's volume or secret entry's mount target, the key it merges by. */
function targetOf(entry: unknown): string {
  if (typeof entry === 'string') {
    const parts = entry.split(':');
    return parts.length >= 2 ? parts[1] : parts[0];
  }
  return isObject(entry) ? String(entry.target ?? entry.source ?? JSON.stringify(entry)) : JSON.stringify(entry);
}

export function mergeValues(base: unknown, over: unknown, key = '', inService = false): unknown {
  if (over === undefined) return base;
  if (base === undefined || REPLACED.has(key)) return over;
  if (BY_NAME.has(key)) return { ...asMapping(base), ...asMapping(over) };
  if (Array.isArray(base) && Array.isArray(over)) {
    if (inService && BY_TARGET.has(key)) {
      const byTarget = new Map<string, unknown>();
      for (const entry of [...base, ...over]) byTarget.set(targetOf(entry), entry);
      return [...byTarget.values()];
    }
    const seen = new Set(base.map((v) => JSON.stringify(v)));
    return [...base, ...over.filter((v) => !seen.has(JSON.stringify(v)))];
  }
  if (isObject(base) && isObject(over)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(over)) out[k] = mergeValues(base[k], v, k, inService);
    return out;
  }
  return over;
}

/** Files merged in order: each later one overrides the earlier ones. */
export function mergeModels(models: Record<string, unknown>[]): Record<string, unknown> {
  let out: Record<string, unknown> = {};
  for (const model of models) {
    const merged: Record<string, unknown> = { ...out };
    for (const [key, value] of Object.entries(model)) {
      if (key === 'services' && isObject(value)) {
        const services: Record<string, unknown> = { ...(isObject(out.services) ? out.services : {}) };
        for (const [name, service] of Object.entries(value)) services[name] = mergeValues(services[name], service, '', true);
        merged.services = services;
      } else {
        merged[key] = mergeValues(out[key], value, key);
      }
    }
    out = merged;
  }
  return out;
}
