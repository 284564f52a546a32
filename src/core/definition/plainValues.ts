/**
 * Reading plain values of a definition or a service response (after parsing, before any schema): property
 * names in any letter case, as the service reads them.
 */
export type PlainObject = Record<string, unknown>;

export function isPlainObject(v: unknown): v is PlainObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The key of `o` spelled as `key` in any letter case (the exact spelling first). */
export function keyOf(o: PlainObject, key: string): string | undefined {
  if (key in o) return key;
  const lower = key.toLowerCase();
  return Object.keys(o).find((k) => k.toLowerCase() === lower);
}

/** Case-insensitive property read. */
export function prop(o: unknown, key: string): unknown {
  if (!isPlainObject(o)) return undefined;
  const k = keyOf(o, key);
  return k === undefined ? undefined : o[k];
}

/** An array value, or none. */
export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** A scalar as shown to the user; nothing for empty or structured values. */
export function scalarText(v: unknown): string | undefined {
  if (typeof v === 'string') return v === '' ? undefined : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** A string with something in it, trimmed; nothing for anything else. */
export function trimmedText(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}
