// The template functions of the ARM function reference (learn.microsoft.com/azure/azure-resource-manager/templates/
// template-functions-*), by category: logical, comparison and numeric here; the others in functions-<category>.ts.
// A name not in this table is answered with the InvalidTemplate error Azure gives for a function it does not know
// (templateErrors.ts).
import { ARRAY_FUNCTIONS } from './functionsArray';
import { Json, TemplateFunction, arity, asText, describeType, equal, fixed, num } from './functionsBase';
import { CIDR_FUNCTIONS } from './functionsCidr';
import { DATE_FUNCTIONS } from './functionsDate';
import { LAMBDA_FUNCTIONS } from './functionsLambda';
import { RESOURCE_FUNCTIONS } from './functionsResource';
import { STRING_FUNCTIONS } from './functionsString';
import { invalidArgument } from './templateErrors';

export { arity, asText, describeType, str } from './functionsBase';
export type { Json, Obj, TemplateFunction } from './functionsBase';

function bool(name: string, v: Json): boolean {
  if (typeof v === 'boolean') return v;
  throw invalidArgument(name, `the argument is of type '${describeType(v)}', a 'Boolean' is expected`);
}

/**
 * less()/greater(): integers, or strings in culture order, where a letter's lower case sorts before its upper case (the
 * reference's examples: greater('A', 'a') is true, less('A', 'a') false; an ordinal comparison would say the opposite).
 */
function compare(name: string, a: Json, b: Json): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, 'en-US');
  throw invalidArgument(name, `the arguments must both be integers or both be strings, they are '${describeType(a)}' and '${describeType(b)}'`);
}

function toNumber(name: string, x: Json, kind: string): number {
  const value = typeof x === 'string' && x.trim() !== '' ? Number(x) : x;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidArgument(name, `the value '${asText(x)}' cannot be converted to ${kind}`);
  return value;
}

const numbers = (v: Json[], name: string): number[] => (Array.isArray(v[0]) && v.length === 1 ? v[0] : v).map((x) => num(name, x));

const CORE: Record<string, TemplateFunction> = {
  // Logical: if() is lazy (the reference: it "evaluates only the condition that is true"), the others evaluate every argument.
  if: (args, _s, name) => {
    arity(name, args, 3);
    const cond = args[0]();
    if (typeof cond !== 'boolean') throw invalidArgument(name, `the first argument must be a boolean, it is of type '${describeType(cond)}'`);
    return cond ? args[1]() : args[2]();
  },
  and: fixed(2, Infinity, (v, n) => v.map((x) => bool(n, x)).every(Boolean)),
  or: fixed(2, Infinity, (v, n) => v.map((x) => bool(n, x)).some(Boolean)),
  not: fixed(1, 1, ([x], n) => !bool(n, x)),
  true: fixed(0, 0, () => true),
  false: fixed(0, 0, () => false),
  bool: fixed(1, 1, ([x], n) => {
    if (typeof x === 'boolean') return x;
    if (typeof x === 'number') return x !== 0;
    if (typeof x === 'string' && ['true', 'false'].includes(x.toLowerCase())) return x.toLowerCase() === 'true';
    throw invalidArgument(n, `the value '${asText(x)}' cannot be converted to a boolean`);
  }),
  // Comparison.
  coalesce: fixed(1, Infinity, (v) => v.find((x) => x !== null) ?? null),
  equals: fixed(2, 2, ([a, b]) => equal(a, b)),
  less: fixed(2, 2, ([a, b], n) => compare(n, a, b) < 0),
  lessorequals: fixed(2, 2, ([a, b], n) => compare(n, a, b) <= 0),
  greater: fixed(2, 2, ([a, b], n) => compare(n, a, b) > 0),
  greaterorequals: fixed(2, 2, ([a, b], n) => compare(n, a, b) >= 0),
  // Numeric: integers (div truncates toward zero, as .NET's integer division).
  add: fixed(2, 2, ([a, b], n) => num(n, a) + num(n, b)),
  sub: fixed(2, 2, ([a, b], n) => num(n, a) - num(n, b)),
  mul: fixed(2, 2, ([a, b], n) => num(n, a) * num(n, b)),
  div: fixed(2, 2, ([a, b], n) => {
    // The wording for a zero divisor is not on record; ARM refuses it (the reference: "The integer divisor … can't be 0").
    if (num(n, b) === 0) throw invalidArgument(n, 'the divisor must not be zero');
    return Math.trunc(num(n, a) / num(n, b));
  }),
  mod: fixed(2, 2, ([a, b], n) => {
    if (num(n, b) === 0) throw invalidArgument(n, 'the divisor must not be zero');
    return num(n, a) % num(n, b);
  }),
  min: fixed(1, Infinity, (v, n) => Math.min(...numbers(v, n))),
  max: fixed(1, Infinity, (v, n) => Math.max(...numbers(v, n))),
  int: fixed(1, 1, ([x], n) => Math.trunc(toNumber(n, x, 'an integer'))),
  // float(): listed among ARM's numeric functions; aci-udp uses it.
  float: fixed(1, 1, ([x], n) => toNumber(n, x, 'a floating point number')),
};

export const FUNCTIONS: Record<string, TemplateFunction> = {
  ...CORE,
  ...STRING_FUNCTIONS,
  ...ARRAY_FUNCTIONS,
  ...LAMBDA_FUNCTIONS,
  ...DATE_FUNCTIONS,
  ...CIDR_FUNCTIONS,
  ...RESOURCE_FUNCTIONS,
};
