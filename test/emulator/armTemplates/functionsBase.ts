// What every template function shares: the JSON value type, argument checks and the conversions ARM applies.
import type { Lazy, Scope } from './evaluate';
import { TemplateFailure, invalidArgument, wrongArgumentCount } from './templateErrors';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type Obj = { [key: string]: Json };
export type TemplateFunction = (args: Lazy[], scope: Scope, name: string) => Json;

export const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

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

export function num(name: string, v: Json): number {
  if (typeof v === 'number') return v;
  throw invalidArgument(name, `the argument is of type '${describeType(v)}', an 'Integer' is expected`);
}

export function arr(name: string, v: Json): Json[] {
  if (Array.isArray(v)) return v;
  throw invalidArgument(name, `the argument is of type '${describeType(v)}', an 'Array' is expected`);
}

export function obj(name: string, v: Json): Obj {
  if (isObj(v)) return v;
  throw invalidArgument(name, `the argument is of type '${describeType(v)}', an 'Object' is expected`);
}

/** The text of a value as string() writes it: strings as they are, booleans as .NET writes them, others as compact JSON. */
export function asText(v: Json): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  return JSON.stringify(v);
}

/** Structural equality: strings exactly, objects whatever their key order (property names case-insensitive, as in ARM). */
export function equal(a: Json, b: Json): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObj(a) || isObj(b)) {
    if (!isObj(a) || !isObj(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => {
      const other = Object.keys(b).find((x) => x.toLowerCase() === k.toLowerCase());
      return other !== undefined && equal(a[k], b[other]);
    });
  }
  return a === b;
}

/** JSON as ARM's reader takes it: JSON.NET also reads 'single-quoted' strings (the base64ToJson example's input). */
export function parseJsonLenient(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    const converted = text.replace(/'((?:[^'\\]|\\.)*)'/g, (_m, body: string) => JSON.stringify(body.replace(/\\'/g, "'")));
    return JSON.parse(converted) as Json;
  }
}

export const all = (args: Lazy[]): Json[] => args.map((a) => a());

/** A function of a fixed argument count range whose arguments are all evaluated. */
export const fixed =
  (min: number, max: number, body: (v: Json[], name: string) => Json): TemplateFunction =>
  (args, _scope, name) => {
    arity(name, args, min, max);
    return body(all(args), name);
  };

/**
 * utcNow() and newGuid() outside a parameter's default value. ARM refuses them there (the reference: "Using this
 * function anywhere else in a template returns an error"); the sentence follows its words for copyIndex() out of place,
 * the exact wording for these two is not on record.
 */
export function onlyInParameterDefault(name: string, scope: Scope): void {
  if (!scope.parameterDefault) {
    throw new TemplateFailure(`The template function '${name}' is not expected at this location. The function can only be used in the default value of a parameter. Please see https://aka.ms/arm-template-expressions for usage details.`);
  }
}
