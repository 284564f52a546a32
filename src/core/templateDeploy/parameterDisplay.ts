/**
 * How a template deploy's parameters are shown in its confirmation and log: short values with the deploy's
 * secrets hidden before they are shortened (a secret cut in two would no longer match a later redaction), and
 * which parameters count as secret although typed `string` — those the template puts in a secret field.
 */
import { redactText } from '../arm/redact';
import { isPlainObject, prop } from '../definition/plainValues';
import { findSecretReferences, isSecretField, isSecretUrlField } from '../definition/secrets';
import { isSecureType, type DeclaredParameter } from './parameters';

const MAX_VALUE = 60;

/** A value as one short line, the deploy's secrets redacted first. */
export function shortValue(value: unknown, secrets: readonly string[]): string {
  const text = redactText(typeof value === 'string' ? value : JSON.stringify(value) ?? '', secrets);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const PARAMETER_CALL = /\bparameters\s*\(\s*'([^']*)'\s*\)/gi;
const VARIABLE_CALL = /\bvariables\s*\(\s*'([^']*)'\s*\)/gi;

function called(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => (m[1] ?? '').toLowerCase());
}

/**
 * Names (lower case, as ARM compares them) of the parameters the template uses in a secret field — a
 * `secureValue`, a registry password, a storage key… — directly or through variables (at any depth): their values are
 * secrets whatever type the parameter declares.
 */
export function secretFieldParameters(template: unknown): Set<string> {
  const parameters = new Set<string>();
  const variables = new Set<string>();
  const visit = (value: unknown, path: (string | number)[]): void => {
    if (typeof value === 'string') {
      if (!isSecretField(path) && !isSecretUrlField(path)) return;
      for (const name of called(value, PARAMETER_CALL)) parameters.add(name);
      for (const name of called(value, VARIABLE_CALL)) variables.add(name);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, [...path, i]));
    } else if (isPlainObject(value)) {
      for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
    }
  };
  visit(prop(template, 'resources'), ['resources']);
  // A variable may reach a secret field through other variables: follow them until nothing new is found.
  const declared = prop(template, 'variables');
  const texts = new Map<string, string>(
    isPlainObject(declared) ? Object.entries(declared).map(([name, value]) => [name.toLowerCase(), JSON.stringify(value) ?? '']) : [],
  );
  const pending = [...variables];
  while (pending.length) {
    const text = texts.get(pending.pop() ?? '');
    if (text === undefined) continue;
    for (const p of called(text, PARAMETER_CALL)) parameters.add(p);
    for (const v of called(text, VARIABLE_CALL)) {
      if (!variables.has(v)) {
        variables.add(v);
        pending.push(v);
      }
    }
  }
  return parameters;
}

/** Whether a parameter's values are secret: a secure type, or used in a secret field. */
export function isSecretParameter(p: DeclaredParameter, secretFields: ReadonlySet<string>): boolean {
  return isSecureType(p.type) || secretFields.has(p.name.toLowerCase());
}

/**
 * A default value worth showing, or undefined: never for a secret parameter, an object, or a default that holds
 * a `{{secret:NAME}}` placeholder (its filled text is partly a secret).
 */
export function shownDefault(p: DeclaredParameter, secret: boolean, secrets: readonly string[]): string | undefined {
  if (secret || typeof p.defaultValue === 'object') return undefined;
  if (typeof p.defaultValue === 'string' && findSecretReferences(p.defaultValue).length) return undefined;
  return shortValue(p.defaultValue, secrets);
}
