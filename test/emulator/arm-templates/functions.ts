// The template functions published container group templates use, with the semantics of the ARM function reference
// (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-*). A name not in this table is answered
// with the InvalidTemplate error Azure gives for a function it does not know (template-errors.ts).
import type { Lazy, Scope } from './evaluate';
import { RESOURCE_FUNCTIONS } from './functions-resource';
import { invalidArgument, wrongArgumentCount } from './template-errors';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type Obj = { [key: string]: Json };
export type TemplateFunction = (args: Lazy[], scope: Scope, name: string) => Json;

export function describeType(v: Json | undefined): string {
  if (v === null || v === undefined) return 'Null';
  if (Array.isArray(v)) return 'Array';
  if (typeof v === 'object') return 'Object';
  if (typeof v === 'number') return Number.isInteger(v) ? 'Integer' : 'Float';
  return typeof v === 'string' ? 'String' : 'Boolean';
}

export function arity(name: string, args: Lazy[], min: number, max = min): void {
  if (args.length < min || args.length > max) {
    const expected = min === max ? String(min) : max === Infinity ? `at least ${min}` : `between ${min} and ${max}`;
    throw wrongArgumentCount(name, expected, args.length);
  }
}

export function str(name: string, v: Json): string {
  if (typeof v !== 'string') throw invalidArgument(name, `the argument is of type '${describeType(v)}', a 'String' is expected`);
  return v;
}

function num(name: string, v: Json): number {
  if (typeof v === 'number') return v;
  throw invalidArgument(name, `the argument is of type '${describeType(v)}', an 'Integer' is expected`);
}

/** The text of a value as string() writes it: strings as they are, others as compact JSON. */
export function asText(v: Json): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  return JSON.stringify(v);
}

const all = (args: Lazy[]): Json[] => args.map((a) => a());
const fixed =
  (min: number, max: number, body: (v: Json[], name: string) => Json): TemplateFunction =>
  (args, _scope, name) => {
    arity(name, args, min, max);
    return body(all(args), name);
  };

function equal(a: Json, b: Json): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

function length(v: Json, name: string): number {
  if (typeof v === 'string' || Array.isArray(v)) return v.length;
  if (v && typeof v === 'object') return Object.keys(v).length;
  throw invalidArgument(name, `the argument is of type '${describeType(v)}', an array, object or string is expected`);
}

/** format(): .NET composite formatting, {0} and {0:N0}-style specifiers (only the index is honoured). */
function format(v: Json[], name: string): Json {
  const [pattern, ...values] = v;
  return str(name, pattern).replace(/\{\{|\}\}|\{(\d+)(?::[^}]*)?\}/g, (m, i: string | undefined) => {
    if (m === '{{') return '{';
    if (m === '}}') return '}';
    const value = values[Number(i)];
    if (value === undefined) throw invalidArgument(name, `the format item index '${i}' is out of range`);
    return asText(value);
  });
}

const CORE: Record<string, TemplateFunction> = {
  // Logical: if() is lazy, the others evaluate every argument.
  if: (args, _s, name) => {
    arity(name, args, 3);
    const cond = args[0]();
    if (typeof cond !== 'boolean') throw invalidArgument(name, `the first argument must be a boolean, it is of type '${describeType(cond)}'`);
    return cond ? args[1]() : args[2]();
  },
  and: fixed(2, Infinity, (v) => v.every((x) => x === true)),
  or: fixed(2, Infinity, (v) => v.some((x) => x === true)),
  not: fixed(1, 1, ([x]) => x !== true),
  true: fixed(0, 0, () => true),
  false: fixed(0, 0, () => false),
  null: fixed(0, 0, () => null),
  bool: fixed(1, 1, ([x]) => (typeof x === 'string' ? x.toLowerCase() === 'true' : typeof x === 'number' ? x !== 0 : x === true)),
  equals: fixed(2, 2, ([a, b]) => equal(a, b)),
  less: fixed(2, 2, ([a, b]) => (a as number) < (b as number)),
  lessorequals: fixed(2, 2, ([a, b]) => (a as number) <= (b as number)),
  greater: fixed(2, 2, ([a, b]) => (a as number) > (b as number)),
  greaterorequals: fixed(2, 2, ([a, b]) => (a as number) >= (b as number)),
  coalesce: fixed(1, Infinity, (v) => v.find((x) => x !== null) ?? null),
  empty: fixed(1, 1, ([x], n) => (x === null ? true : length(x, n) === 0)),
  // Strings.
  concat: fixed(1, Infinity, (v) => (v.every(Array.isArray) ? (v as Json[][]).flat() : v.map(asText).join(''))),
  format: fixed(1, Infinity, format),
  string: fixed(1, 1, ([x]) => asText(x)),
  int: fixed(1, 1, ([x], n) => {
    const value = typeof x === 'string' ? Number(x) : x;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidArgument(n, `the value '${asText(x)}' cannot be converted to an integer`);
    return Math.trunc(value);
  }),
  // float(): listed among ARM's numeric functions (PowerShell/DSC#57 tracks it from the ARM function list); aci-udp uses it.
  float: fixed(1, 1, ([x], n) => {
    const value = typeof x === 'string' ? Number(x) : x;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidArgument(n, `the value '${asText(x)}' cannot be converted to a floating point number`);
    return value;
  }),
  json: fixed(1, 1, ([x], n) => {
    try {
      return JSON.parse(str(n, x)) as Json;
    } catch {
      throw invalidArgument(n, `the argument '${asText(x)}' is not valid JSON`);
    }
  }),
  tolower: fixed(1, 1, ([x], n) => str(n, x).toLowerCase()),
  toupper: fixed(1, 1, ([x], n) => str(n, x).toUpperCase()),
  trim: fixed(1, 1, ([x], n) => str(n, x).trim()),
  length: fixed(1, 1, ([x], n) => length(x, n)),
  substring: fixed(2, 3, ([s, start, len], n) => {
    const text = str(n, s);
    const from = num(n, start);
    const count = len === undefined ? text.length - from : num(n, len);
    if (from < 0 || count < 0 || from + count > text.length) {
      throw invalidArgument(n, `the index and length parameters must refer to a location within the string. The index parameter: '${from}', the length parameter: '${count}', the length of the string parameter: '${text.length}'`);
    }
    return text.substring(from, from + count);
  }),
  replace: fixed(3, 3, ([s, a, b], n) => str(n, s).split(str(n, a)).join(str(n, b))),
  split: fixed(2, 2, ([s, d], n) => {
    const parts = Array.isArray(d) ? d.map((x) => str(n, x)) : [str(n, d)];
    return parts.reduce<string[]>((acc, sep) => acc.flatMap((p) => p.split(sep)), [str(n, s)]);
  }),
  startswith: fixed(2, 2, ([s, p], n) => str(n, s).toLowerCase().startsWith(str(n, p).toLowerCase())),
  endswith: fixed(2, 2, ([s, p], n) => str(n, s).toLowerCase().endsWith(str(n, p).toLowerCase())),
  indexof: fixed(2, 2, ([s, p], n) => str(n, s).toLowerCase().indexOf(str(n, p).toLowerCase())),
  lastindexof: fixed(2, 2, ([s, p], n) => str(n, s).toLowerCase().lastIndexOf(str(n, p).toLowerCase())),
  padleft: fixed(2, 3, ([s, w, c], n) => asText(s).padStart(num(n, w), c === undefined ? ' ' : str(n, c))),
  base64: fixed(1, 1, ([s], n) => Buffer.from(str(n, s), 'utf8').toString('base64')),
  base64tostring: fixed(1, 1, ([s], n) => Buffer.from(str(n, s), 'base64').toString('utf8')),
  uricomponent: fixed(1, 1, ([s], n) => encodeURIComponent(str(n, s))),
  uri: fixed(2, 2, ([b, r], n) => new URL(str(n, r), str(n, b)).toString()),
  contains: fixed(2, 2, ([c, x], n) => {
    if (typeof c === 'string') return c.toLowerCase().includes(asText(x).toLowerCase());
    if (Array.isArray(c)) return c.some((e) => equal(e, x));
    if (c && typeof c === 'object') return Object.keys(c).some((k) => k.toLowerCase() === str(n, x).toLowerCase());
    throw invalidArgument(n, `the first argument is of type '${describeType(c)}'`);
  }),
  // Numbers.
  add: fixed(2, 2, ([a, b], n) => num(n, a) + num(n, b)),
  sub: fixed(2, 2, ([a, b], n) => num(n, a) - num(n, b)),
  mul: fixed(2, 2, ([a, b], n) => num(n, a) * num(n, b)),
  div: fixed(2, 2, ([a, b], n) => Math.trunc(num(n, a) / num(n, b))),
  mod: fixed(2, 2, ([a, b], n) => num(n, a) % num(n, b)),
  min: fixed(1, Infinity, (v) => Math.min(...(Array.isArray(v[0]) ? (v[0] as number[]) : (v as number[])))),
  max: fixed(1, Infinity, (v) => Math.max(...(Array.isArray(v[0]) ? (v[0] as number[]) : (v as number[])))),
  // Arrays and objects.
  array: fixed(1, 1, ([x]) => (Array.isArray(x) ? x : [x])),
  createarray: fixed(0, Infinity, (v) => v),
  createobject: fixed(0, Infinity, (v, n) => {
    if (v.length % 2 !== 0) throw invalidArgument(n, 'the function requires an even number of arguments');
    const out: Obj = {};
    for (let i = 0; i < v.length; i += 2) out[str(n, v[i])] = v[i + 1];
    return out;
  }),
  first: fixed(1, 1, ([x]) => (typeof x === 'string' ? x.charAt(0) : Array.isArray(x) ? (x[0] ?? null) : null)),
  last: fixed(1, 1, ([x]) => (typeof x === 'string' ? x.charAt(x.length - 1) : Array.isArray(x) ? (x[x.length - 1] ?? null) : null)),
  take: fixed(2, 2, ([x, c], n) => (typeof x === 'string' ? x.slice(0, Math.max(0, num(n, c))) : (x as Json[]).slice(0, Math.max(0, num(n, c))))),
  skip: fixed(2, 2, ([x, c], n) => (typeof x === 'string' ? x.slice(Math.max(0, num(n, c))) : (x as Json[]).slice(Math.max(0, num(n, c))))),
  range: fixed(2, 2, ([s, c], n) => Array.from({ length: num(n, c) }, (_, i) => num(n, s) + i)),
  union: fixed(1, Infinity, (v) =>
    v.every(Array.isArray) ? [...new Map((v as Json[][]).flat().map((x) => [JSON.stringify(x), x])).values()] : Object.assign({}, ...(v as Obj[])),
  ),
  intersection: fixed(2, Infinity, (v) => (v[0] as Json[]).filter((x) => (v.slice(1) as Json[][]).every((a) => a.some((y) => equal(x, y))))),
  items: fixed(1, 1, ([o]) => Object.entries(o as Obj).map(([key, value]) => ({ key, value }))),
};

export const FUNCTIONS: Record<string, TemplateFunction> = { ...CORE, ...RESOURCE_FUNCTIONS };
