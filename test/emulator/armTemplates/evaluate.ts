// Evaluates template values: every string that is an expression is replaced by its value, everywhere in a JSON tree.
// Function names and object property names are case-insensitive, as in ARM.
import { Expr, isExpression, literalText, parseExpression } from './expressionParse';
import { FUNCTIONS, Json, Obj, describeType } from './functions';
import { Lambda } from './functionsLambda';
import { TemplateFailure, unknownFunction, wrongArgumentCount } from './templateErrors';

/** What expressions can see: supplied by the deployment being evaluated. */
export interface Scope {
  parameter(name: string): Json;
  variable(name: string): Json;
  copyIndex(loop: string | undefined): number;
  resourceGroup(): Obj;
  subscription(): Obj;
  /** managementGroup(): only in a management group deployment; elsewhere it fails. */
  managementGroup(): Obj;
  deployment(): Obj;
  /** True while a parameter's default value is evaluated: the only place utcNow() and newGuid() may be used. */
  parameterDefault?: boolean;
  /** lambdaVariables(): the argument of an enclosing lambda. */
  lambdaVariable(name: string): Json;
  /** reference(): the runtime state of a resource the template creates (or one that exists). */
  reference(idOrName: string, apiVersion: string | undefined, full: boolean): Json;
  /** references(): the runtime state of each instance of a resource collection (languageVersion 2.0 copy loops). */
  references(symbolicName: string, full: boolean): Json;
  /** listKeys()/list*(): the keys of a resource the template creates. */
  list(action: string, id: string): Json;
  /** resourceId() with the ARM id rules (scope arguments optional). */
  resourceId(args: string[]): string;
}

export type Lazy = () => Json;

/**
 * A value known only once resources exist (reference(), listKeys() of a resource the template creates, or a secure
 * parameter in a what-if): the expression is kept as written, as what-if shows it (the "[reference(…)]" strings in
 * what-if results) and validation leaves it for deployment time.
 */
export class Deferred extends Error {}

export function evaluateString(s: string, scope: Scope): Json {
  if (!isExpression(s)) return literalText(s);
  const expr = parseExpression(s);
  try {
    return evaluateExpr(expr, scope);
  } catch (e) {
    if (e instanceof Deferred) return s;
    throw e;
  }
}

/** Evaluates every expression in a JSON tree (object keys are not expressions, as in ARM). */
export function evaluateTree(value: unknown, scope: Scope): Json {
  if (typeof value === 'string') return evaluateString(value, scope);
  if (Array.isArray(value)) return value.map((v) => evaluateTree(v, scope));
  if (value && typeof value === 'object') {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[k] = evaluateTree(v, scope);
    return out;
  }
  return value as Json;
}

export function evaluateExpr(expr: Expr, scope: Scope): Json {
  switch (expr.kind) {
    case 'string':
      return expr.value;
    case 'number':
      return expr.value;
    case 'property':
      return property(evaluateExpr(expr.target, scope), expr.name);
    case 'index': {
      const target = evaluateExpr(expr.target, scope);
      const index = evaluateExpr(expr.index, scope);
      if (Array.isArray(target) && typeof index === 'number') {
        if (index < 0 || index >= target.length) throw new TemplateFailure(`The language expression property array index '${index}' is out of bounds.`);
        return target[index];
      }
      if (typeof index === 'string') return property(target, index);
      throw new TemplateFailure(`The language expression property array index '${String(index)}' is not valid for a value of type '${describeType(target)}'.`);
    }
    case 'call':
      return call(expr.name, expr.args, scope);
  }
}

/** Property access as ARM does it: case-insensitive; a missing one is an error naming what is there. */
export function property(target: Json, name: string): Json {
  if (!target || typeof target !== 'object' || Array.isArray(target)) {
    throw new TemplateFailure(`The language expression property '${name}' can't be evaluated, property name must be a string.`);
  }
  const key = Object.keys(target).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) {
    // Azure's words (quoted in F5Networks/f5-azure-arm-templates#238): "The language expression property 'definition'
    // doesn't exist, available properties are 'type, name, …'."
    throw new TemplateFailure(`The language expression property '${name}' doesn't exist, available properties are '${Object.keys(target).join(', ')}'.`);
  }
  return target[key];
}

function call(name: string, args: Expr[], scope: Scope): Json {
  const lower = name.toLowerCase();
  if (lower === 'lambda') return lambda(name, args, scope);
  const fn = FUNCTIONS[lower] ?? (lower.startsWith('list') ? FUNCTIONS.listkeys : undefined);
  if (!fn) throw unknownFunction(name);
  // Arguments are lazy so that if() evaluates only the branch it takes (ARM docs, "if" function: "evaluates only the
  // condition that is true").
  const lazy: Lazy[] = args.map((a) => () => evaluateExpr(a, scope));
  return fn(lazy, scope, name);
}

/** lambda('a', …, body): the parameter names are string literals, the body stays unevaluated until the lambda is called. */
function lambda(name: string, args: Expr[], scope: Scope): Json {
  if (args.length < 2) throw wrongArgumentCount(name, 'at least 2', args.length);
  const params = args.slice(0, -1).map((a) => {
    if (a.kind !== 'string') throw new TemplateFailure(`Unable to evaluate template language function '${name}': the lambda parameter names must be string literals.`);
    return a.value;
  });
  return new Lambda(params, args[args.length - 1], scope, evaluateExpr) as unknown as Json;
}
