// Lambda functions (template-functions-lambda): lambda('x', …, body) makes a function value that only filter(), map(),
// reduce(), sort(), toObject() (and mapValues(), groupBy()) take; lambdaVariables('x') reads its argument.
import type { Expr } from './expressionParse';
import type { Scope } from './evaluate';
import { Json, Obj, TemplateFunction, arity, arr, asText, describeType, obj } from './functionsBase';
import { TemplateFailure, invalidArgument } from './templateErrors';

export class Lambda {
  constructor(
    readonly params: string[],
    private readonly body: Expr,
    private readonly scope: Scope,
    private readonly evaluate: (e: Expr, s: Scope) => Json,
  ) {}

  invoke(values: Json[]): Json {
    const bound = new Map(this.params.map((p, i) => [p.toLowerCase(), values[i]]));
    const outer = this.scope;
    const inner: Scope = {
      ...outer,
      lambdaVariable: (name) => (bound.has(name.toLowerCase()) ? (bound.get(name.toLowerCase()) as Json) : outer.lambdaVariable(name)),
    };
    return this.evaluate(this.body, inner);
  }
}

function lambdaArg(name: string, v: unknown, params: number): Lambda {
  if (!(v instanceof Lambda)) throw invalidArgument(name, `the argument is of type '${describeType(v as Json)}', a lambda function is expected`);
  if (v.params.length !== params) throw invalidArgument(name, `the lambda function must have ${params} parameter(s), it has ${v.params.length}`);
  return v;
}

/** lambdaVariables() of a name no enclosing lambda declares. The wording is not on record. */
export function unknownLambdaVariable(name: string): TemplateFailure {
  return new TemplateFailure(`The lambda variable '${name}' is not declared by an enclosing lambda function.`);
}

const withLambda =
  (count: number, body: (v: unknown[], name: string) => Json): TemplateFunction =>
  (args, _scope, name) => {
    arity(name, args, count, count + (name.toLowerCase() === 'toobject' ? 1 : 0));
    return body(args.map((a) => a() as unknown), name);
  };

export const LAMBDA_FUNCTIONS: Record<string, TemplateFunction> = {
  lambdavariables: (args, scope, name) => {
    arity(name, args, 1);
    const v = args[0]();
    if (typeof v !== 'string') throw invalidArgument(name, 'the argument must be a string');
    return scope.lambdaVariable(v);
  },
  filter: withLambda(2, ([a, f], n) => arr(n, a as Json).filter((x) => lambdaArg(n, f, 1).invoke([x]) === true)),
  map: withLambda(2, ([a, f], n) => arr(n, a as Json).map((x, i) => lambdaArg(n, f, (f as Lambda).params.length === 2 ? 2 : 1).invoke([x, i]))),
  reduce: withLambda(3, ([a, init, f], n) => arr(n, a as Json).reduce<Json>((acc, x, i) => lambdaArg(n, f, (f as Lambda).params.length === 3 ? 3 : 2).invoke([acc, x, i]), init as Json)),
  // sort(): the lambda says whether its first argument comes before its second.
  sort: withLambda(2, ([a, f], n) => {
    const fn = lambdaArg(n, f, 2);
    return [...arr(n, a as Json)].sort((x, y) => (fn.invoke([x, y]) === true ? -1 : fn.invoke([y, x]) === true ? 1 : 0));
  }),
  toobject: withLambda(2, ([a, keyOf, valueOf], n) => {
    const out: Obj = {};
    for (const x of arr(n, a as Json)) {
      const key = lambdaArg(n, keyOf, 1).invoke([x]);
      out[asText(key)] = valueOf === undefined ? x : lambdaArg(n, valueOf, 1).invoke([x]);
    }
    return out;
  }),
  mapvalues: withLambda(2, ([o, f], n) => Object.fromEntries(Object.entries(obj(n, o as Json)).map(([k, v]) => [k, lambdaArg(n, f, 1).invoke([v])]))),
  groupby: withLambda(2, ([a, f], n) => {
    const out: Obj = {};
    for (const x of arr(n, a as Json)) {
      const key = asText(lambdaArg(n, f, 1).invoke([x]));
      out[key] = [...((out[key] as Json[] | undefined) ?? []), x];
    }
    return out;
  }),
};
