/**
 * A template deployment's parameters: those the template declares, the values a parameter file gives (a value, or a
 * Key Vault reference passed through as written), `{{secret:NAME}}` placeholders in them filled from the secret
 * store, and the ones still missing (no value and no default) for the user to answer. ARM compares parameter names
 * ignoring case; a parameter with a default and no value is left out so Azure evaluates the default itself.
 */
import { secretKeyKind } from '../arm/redact';
import { isPlainObject, keyOf, prop, type PlainObject } from '../definition/plainValues';
import { findSecretReferences } from '../definition/secrets';
import type { ParameterEntry } from './deployments';

export { parameterFileCandidates } from '../definition/parameterFiles';

export interface DeclaredParameter {
  name: string;
  /** Lower case: `string`, `securestring`, `int`, `bool`, `object`, `secureobject`, `array`. */
  type: string;
  hasDefault: boolean;
  defaultValue?: unknown;
  allowedValues?: unknown[];
  description?: string;
}

export function isSecureType(type: string | undefined): boolean {
  return type === 'securestring' || type === 'secureobject';
}

/** The parameters a template declares, in order. */
export function declaredParameters(template: unknown): DeclaredParameter[] {
  const declared = prop(template, 'parameters');
  if (!isPlainObject(declared)) return [];
  return Object.entries(declared).map(([name, p]) => {
    const allowed = prop(p, 'allowedValues');
    const description = prop(prop(p, 'metadata'), 'description');
    const defaultKey = isPlainObject(p) ? keyOf(p, 'defaultValue') : undefined;
    return {
      name,
      type: String(prop(p, 'type') ?? 'string').toLowerCase(),
      hasDefault: defaultKey !== undefined,
      ...(defaultKey !== undefined ? { defaultValue: (p as PlainObject)[defaultKey] } : {}),
      ...(Array.isArray(allowed) ? { allowedValues: allowed } : {}),
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

/** `parameters` of a deployment parameter file, by name as written; undefined when it has none. */
export function parameterFileValues(file: unknown): Record<string, unknown> | undefined {
  const parameters = prop(file, 'parameters');
  return isPlainObject(parameters) ? parameters : undefined;
}

export interface SecretUseInParameters {
  parameter: string;
  secret: string;
}

export interface ParameterPlan {
  /** Entries for the request, secrets not yet filled in. */
  entries: Record<string, ParameterEntry>;
  /** Declared parameters with neither a value nor a default: to be asked for. */
  missing: DeclaredParameter[];
  /** `{{secret:NAME}}` uses in the parameter file's values. */
  secretUses: SecretUseInParameters[];
  /** Names the file gives that the template does not declare (Azure refuses them). */
  undeclared: string[];
  /** Where each value comes from, for the confirmation: `file`, `default`. */
  sources: Map<string, 'file' | 'default'>;
}

function collectSecretNames(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(...findSecretReferences(value).map((r) => r.name));
  else if (Array.isArray(value)) value.forEach((v) => collectSecretNames(v, out));
  else if (isPlainObject(value)) Object.values(value).forEach((v) => collectSecretNames(v, out));
}

/** Which parameter gets which value: the file's first, else the default (left to Azure), else asked for. */
export function planParameters(declared: DeclaredParameter[], file: Record<string, unknown> | undefined): ParameterPlan {
  const plan: ParameterPlan = { entries: {}, missing: [], secretUses: [], undeclared: [], sources: new Map() };
  const fileEntries = new Map(Object.entries(file ?? {}).map(([k, v]) => [k.toLowerCase(), { name: k, entry: v }]));
  for (const p of declared) {
    const given = fileEntries.get(p.name.toLowerCase());
    fileEntries.delete(p.name.toLowerCase());
    const reference = given && prop(given.entry, 'reference');
    if (given && isPlainObject(given.entry) && keyOf(given.entry, 'value') !== undefined) {
      const value = prop(given.entry, 'value');
      plan.entries[p.name] = { value };
      plan.sources.set(p.name, 'file');
      const names: string[] = [];
      collectSecretNames(value, names);
      for (const secret of new Set(names)) plan.secretUses.push({ parameter: p.name, secret });
    } else if (reference !== undefined) {
      // A Key Vault reference: Azure reads the secret itself; it is sent as written.
      plan.entries[p.name] = { reference };
      plan.sources.set(p.name, 'file');
    } else if (p.hasDefault) {
      plan.sources.set(p.name, 'default');
    } else {
      plan.missing.push(p);
    }
  }
  plan.undeclared = [...fileEntries.values()].map((e) => e.name);
  return plan;
}

/** Replaces every `{{secret:NAME}}` in a value with the stored text; a value that is exactly one placeholder takes the secret's type. */
export function fillSecrets(value: unknown, lookup: (name: string) => string | undefined, parameterType: string): unknown {
  if (typeof value === 'string') {
    const refs = findSecretReferences(value);
    if (!refs.length) return value;
    const whole = refs.length === 1 && value.slice(0, refs[0].start).trim() === '' && value.slice(refs[0].end).trim() === '';
    if (whole) return coerceAnswer(lookup(refs[0].name) ?? '', parameterType);
    let out = '';
    let at = 0;
    for (const r of refs) {
      out += value.slice(at, r.start) + (lookup(r.name) ?? '');
      at = r.end;
    }
    return out + value.slice(at);
  }
  if (Array.isArray(value)) return value.map((v) => fillSecrets(v, lookup, 'string'));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillSecrets(v, lookup, 'string')]));
  return value;
}

export class ParameterValueError extends Error {}

/** A typed answer (or stored secret) as the parameter's type: numbers, booleans, JSON objects and arrays. */
export function coerceAnswer(text: string, type: string): unknown {
  switch (type) {
    case 'int': {
      if (!/^\s*-?\d+\s*$/.test(text)) throw new ParameterValueError('an integer is expected');
      return Number(text);
    }
    case 'bool': {
      const t = text.trim().toLowerCase();
      if (t !== 'true' && t !== 'false') throw new ParameterValueError('true or false is expected');
      return t === 'true';
    }
    case 'object':
    case 'secureobject':
    case 'array': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ParameterValueError(type === 'array' ? 'a JSON array is expected' : 'a JSON object is expected');
      }
      if (type === 'array' ? !Array.isArray(parsed) : !isPlainObject(parsed)) throw new ParameterValueError(type === 'array' ? 'a JSON array is expected' : 'a JSON object is expected');
      return parsed;
    }
    default:
      return text;
  }
}

/**
 * Texts inside any parameter's value that sit in a secret field (`secureValue`, `password`, the members of a
 * `secret` object…): an array of environment variables passed whole carries its secrets in its items.
 */
export function secretFieldTexts(value: unknown, inSecret = false): string[] {
  if (inSecret) return secretTexts(value);
  if (Array.isArray(value)) return value.flatMap((v) => secretFieldTexts(v));
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => secretFieldTexts(v, secretKeyKind(k) !== undefined));
}

/** Text values of a secure parameter's value (to redact): the string, or every string inside an object. */
export function secretTexts(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (typeof value === 'number' || typeof value === 'boolean') return [];
  if (Array.isArray(value)) return value.flatMap(secretTexts);
  if (isPlainObject(value)) return [JSON.stringify(value), ...Object.values(value).flatMap(secretTexts)];
  return [];
}
