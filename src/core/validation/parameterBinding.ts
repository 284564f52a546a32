/**
 * Template parameters checked in place of `[parameters('…')]`: first every plain default, then each allowed value
 * of a parameter the group uses, so a value a deploy would take gets the checks a written-out value gets. Findings
 * on such a value say which parameter and value it was; any other expression is a value we cannot know.
 */
import { redactText } from '../arm/redact';
import { parameterReference, TemplateParameter, TemplateParameters } from '../definition/armTemplate';
import { isSecretField } from '../definition/secrets';
import { Finding, PathSegment, ScalarNode } from '../definition/types';
import type { ParameterFileValues } from '../definition/parameterFiles';

export interface ParameterUse {
  path: PathSegment[];
  /** Lower case. */
  name: string;
}

export interface BoundValue {
  parameter: TemplateParameter;
  node: ScalarNode;
  kind: 'default' | 'allowed value' | 'value';
  /** The parameter file the value comes from (kind `value`). */
  source?: string;
}

export interface ParameterBinding {
  values: Map<string, BoundValue>;
  /** Tells bindings apart in caches. */
  key: string;
}

function binding(values: Map<string, BoundValue>): ParameterBinding {
  const key = [...values].map(([name, b]) => `${name}=${b.kind}${b.source ?? ''}:${JSON.stringify(b.node.value)}`).join('|');
  return { values, key };
}

/** Every parameter with a plain default bound to it; undefined when there is none. */
export function defaultBinding(parameters: TemplateParameters | undefined): ParameterBinding | undefined {
  const values = new Map<string, BoundValue>();
  for (const [name, parameter] of parameters ?? []) {
    if (parameter.defaultValue) values.set(name, { parameter, node: parameter.defaultValue, kind: 'default' });
  }
  return values.size ? binding(values) : undefined;
}

/**
 * Defaults, with the values a parameter file gives in their place (a deploy with that file sends them); undefined
 * when neither gives any.
 */
export function fileBinding(parameters: TemplateParameters | undefined, file: ParameterFileValues | undefined): ParameterBinding | undefined {
  const base = defaultBinding(parameters);
  if (!file) return base;
  const values = new Map(base?.values);
  for (const [name, parameter] of parameters ?? []) {
    const node = file.values.get(name);
    if (node) values.set(name, { parameter, node, kind: 'value', source: file.name });
  }
  return values.size ? binding(values) : undefined;
}

/** Each is a check of the whole group: enough for real templates, bounded for the editor while typing. */
const MAX_ALLOWED_VALUE_CHECKS = 32;

/** One binding per allowed value (other than the default) of each parameter in `used`. */
export function allowedValueBindings(parameters: TemplateParameters | undefined, base: ParameterBinding | undefined, used: Iterable<string>): { name: string; binding: ParameterBinding }[] {
  const out: { name: string; binding: ParameterBinding }[] = [];
  for (const name of new Set(used)) {
    const parameter = parameters?.get(name);
    const current = base?.values.get(name)?.node.value;
    for (const node of parameter?.allowedValues ?? []) {
      if (node.value === current) continue;
      const values = new Map(base?.values);
      values.set(name, { parameter: parameter!, node, kind: 'allowed value' });
      out.push({ name, binding: binding(values) });
    }
  }
  return out.slice(0, MAX_ALLOWED_VALUE_CHECKS);
}

/** The value checked for `value` when it is `[parameters('x')]` with a bound value; records the use either way. */
export function boundValue(value: string, path: PathSegment[], ctx: { binding?: ParameterBinding; uses?: ParameterUse[] }): BoundValue | undefined {
  const name = parameterReference(value)?.toLowerCase();
  if (name === undefined) return undefined;
  ctx.uses?.push({ path, name });
  return ctx.binding?.values.get(name);
}

function startsWith(path: readonly PathSegment[], prefix: readonly PathSegment[]): boolean {
  return prefix.length <= path.length && prefix.every((s, i) => s === path[i]);
}

/** A secure parameter's value, or one going to a secret field, is never repeated in a message. */
function isSecretBinding(b: BoundValue, path: readonly PathSegment[]): boolean {
  return !!b.parameter.type?.startsWith('secure') || isSecretField(path);
}

function shown(b: BoundValue, path: readonly PathSegment[]): string {
  if (isSecretBinding(b, path)) return '';
  return typeof b.node.value === 'string' ? ` '${b.node.value}'` : ` ${String(b.node.value)}`;
}

/** The message of a check that ran on a secret value, with that value masked (quoted, or long enough to find). */
function withoutValue(message: string, b: BoundValue): string {
  const value = String(b.node.value);
  return redactText(message.split(`'${value}'`).join("'***'"), [value]);
}

/**
 * Findings on a bound value name the parameter and value, without fixes (they would overwrite the expression).
 * With `only`, just the findings on that parameter's uses are kept (the rest were reported with the defaults).
 */
export function labelParameterFindings(findings: Finding[], uses: ParameterUse[], bound: ParameterBinding | undefined, only?: string): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const use = uses.find((u) => (only === undefined || u.name === only) && bound?.values.has(u.name) && startsWith(f.path, u.path));
    if (!use) {
      if (only === undefined) out.push(f);
      continue;
    }
    const b = bound!.values.get(use.name)!;
    const { fix: _fix, moreFixes: _more, ...rest } = f;
    const message = isSecretBinding(b, use.path) ? withoutValue(f.message, b) : f.message;
    out.push({ ...rest, message: `Parameter '${b.parameter.name}' ${b.kind}${shown(b, use.path)}${b.source ? ` (from ${b.source})` : ''}: ${message}` });
  }
  return out;
}
