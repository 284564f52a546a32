// Array and object functions (template-functions-array, template-functions-object).
import { Json, Obj, TemplateFunction, arr, describeType, equal, fixed, isObj, num, obj, str } from './functionsBase';
import { invalidArgument } from './templateErrors';

export function length(v: Json, name: string): number {
  if (typeof v === 'string' || Array.isArray(v)) return v.length;
  if (isObj(v)) return Object.keys(v).length;
  throw invalidArgument(name, `the argument is of type '${describeType(v)}', an array, object or string is expected`);
}

const findKey = (o: Obj, key: string): string | undefined => Object.keys(o).find((k) => k.toLowerCase() === key.toLowerCase());

/**
 * union(): arrays keep each distinct item once, in first-seen order; objects take later values for the same name, and
 * nested objects are merged the same way while nested arrays are replaced (the reference's deep-merge example:
 * nestedArray [1, 2] and [3, 4] give [3, 4]).
 */
function union(values: Json[], name: string): Json {
  if (values.every(Array.isArray)) {
    const out: Json[] = [];
    for (const item of (values as Json[][]).flat()) if (!out.some((x) => equal(x, item))) out.push(item);
    return out;
  }
  if (!values.every(isObj)) throw invalidArgument(name, 'the arguments must all be arrays or all be objects');
  const merge = (a: Obj, b: Obj): Obj => {
    const out: Obj = { ...a };
    for (const [k, v] of Object.entries(b)) {
      const existing = findKey(out, k);
      if (existing !== undefined && isObj(out[existing]) && isObj(v)) out[existing] = merge(out[existing], v);
      else {
        if (existing !== undefined) delete out[existing];
        out[k] = v;
      }
    }
    return out;
  };
  return (values).reduce(merge, {});
}

/** intersection(): array items in every argument; object properties with the same value in every argument. */
function intersection(values: Json[], name: string): Json {
  if (values.every(Array.isArray)) {
    const [first, ...rest] = values as Json[][];
    const out: Json[] = [];
    for (const x of first) if (rest.every((a) => a.some((y) => equal(x, y))) && !out.some((y) => equal(x, y))) out.push(x);
    return out;
  }
  if (!values.every(isObj)) throw invalidArgument(name, 'the arguments must all be arrays or all be objects');
  const [first, ...rest] = values;
  const out: Obj = {};
  for (const [k, v] of Object.entries(first)) {
    if (rest.every((o) => { const key = findKey(o, k); return key !== undefined && equal(o[key], v); })) out[k] = v;
  }
  return out;
}

/** tryGet(object or array, key or index, …): the value, or null where any step is missing. */
function tryGet(v: Json[], name: string): Json {
  let current: Json = v[0];
  for (const key of v.slice(1)) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key] ?? null;
    else if (isObj(current) && typeof key === 'string') {
      const k = findKey(current, key);
      current = k === undefined ? null : current[k];
    } else if (current === null) return null;
    else throw invalidArgument(name, `a value of type '${describeType(current)}' cannot be indexed by '${String(key)}'`);
  }
  return current;
}

export const ARRAY_FUNCTIONS: Record<string, TemplateFunction> = {
  array: fixed(1, 1, ([x]) => (Array.isArray(x) ? x : [x])),
  createarray: fixed(0, Infinity, (v) => v),
  createobject: fixed(0, Infinity, (v, n) => {
    if (v.length % 2 !== 0) throw invalidArgument(n, 'the function requires an even number of arguments');
    const out: Obj = {};
    for (let i = 0; i < v.length; i += 2) out[str(n, v[i])] = v[i + 1];
    return out;
  }),
  // Strings are searched case-sensitively, object keys case-insensitively (the reference's contains remarks).
  contains: fixed(2, 2, ([c, x], n) => {
    if (typeof c === 'string') return c.includes(typeof x === 'number' ? String(x) : str(n, x));
    if (Array.isArray(c)) return c.some((e) => equal(e, x));
    if (isObj(c)) return findKey(c, str(n, x)) !== undefined;
    throw invalidArgument(n, `the first argument is of type '${describeType(c)}', an array, object or string is expected`);
  }),
  empty: fixed(1, 1, ([x], n) => (x === null ? true : length(x, n) === 0)),
  length: fixed(1, 1, ([x], n) => length(x, n)),
  first: fixed(1, 1, ([x]) => (typeof x === 'string' ? x.charAt(0) : Array.isArray(x) ? (x[0] ?? null) : null)),
  last: fixed(1, 1, ([x]) => (typeof x === 'string' ? x.charAt(x.length - 1) : Array.isArray(x) ? (x[x.length - 1] ?? null) : null)),
  take: fixed(2, 2, ([x, c], n) => (typeof x === 'string' ? x.slice(0, Math.max(0, num(n, c))) : arr(n, x).slice(0, Math.max(0, num(n, c))))),
  skip: fixed(2, 2, ([x, c], n) => (typeof x === 'string' ? x.slice(Math.max(0, num(n, c))) : arr(n, x).slice(Math.max(0, num(n, c))))),
  range: fixed(2, 2, ([s, c], n) => {
    const start = num(n, s);
    const count = num(n, c);
    if (count < 0 || count > 10000) throw invalidArgument(n, `the count '${count}' must be between 0 and 10000`);
    return Array.from({ length: count }, (_, i) => start + i);
  }),
  union: fixed(1, Infinity, union),
  intersection: fixed(2, Infinity, intersection),
  // Sorted by key, as the reference's example shows (item002 declared first, item001 returned first).
  items: fixed(1, 1, ([o], n) =>
    Object.entries(obj(n, o))
      .sort(([a], [b]) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0))
      .map(([key, value]) => ({ key, value })),
  ),
  objectkeys: fixed(1, 1, ([o], n) => Object.keys(obj(n, o))),
  shallowmerge: fixed(1, 1, ([a], n) => Object.assign({}, ...arr(n, a).map((x) => obj(n, x))) as Obj),
  tryget: fixed(2, Infinity, tryGet),
  // indexFromEnd(array, 1) is the last item (1-based from the end); tryIndexFromEnd gives null when out of range.
  indexfromend: fixed(2, 2, ([a, i], n) => {
    const list = arr(n, a);
    const at = num(n, i);
    if (at < 1 || at > list.length) throw invalidArgument(n, `the index '${at}' is out of range`);
    return list[list.length - at];
  }),
  tryindexfromend: fixed(2, 2, ([a, i], n) => arr(n, a)[arr(n, a).length - num(n, i)] ?? null),
  null: fixed(0, 0, () => null),
};
