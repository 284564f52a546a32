// Parameter values of a deployment: supplied values ({value} or a Key Vault {reference}), else defaults (which may be
// expressions), checked against the declared type and allowedValues as ARM checks them before anything is deployed.
import { evaluateTree } from './evaluate';
import type { Scope } from './evaluate';
import type { Json, Obj } from './functions';
import { TemplateFailure, invalidElement, missingParameterValue, notAllowedValue, outOfRange, unknownParameters, wrongParameterType } from './templateErrors';
import type { TemplatePositions } from './templatePositions';
import { InvalidTemplate } from './templateErrors';

export interface ParameterValue {
  name: string;
  /** Declared type as written, lower-cased: string, securestring, int, bool, object, secureobject, array. */
  type: string;
  value: Json;
  secure: boolean;
}

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The type name in ARM's parameter messages and in GET deployment's parameters ("String", "SecureString", "Int", …). */
export function displayType(type: string): string {
  const names: Record<string, string> = { string: 'String', securestring: 'SecureString', int: 'Int', bool: 'Bool', object: 'Object', secureobject: 'SecureObject', array: 'Array' };
  return names[type] ?? type;
}

function typeOk(type: string, v: Json): boolean {
  switch (type) {
    case 'string':
    case 'securestring':
      return typeof v === 'string';
    case 'int':
      return typeof v === 'number' && Number.isInteger(v);
    case 'bool':
      return typeof v === 'boolean';
    case 'object':
    case 'secureobject':
      return isObj(v);
    case 'array':
      return Array.isArray(v);
    default:
      return true;
  }
}

function jsonType(v: Json): string {
  if (v === null) return 'Null';
  if (Array.isArray(v)) return 'Array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'Integer' : 'Float';
  return { string: 'String', boolean: 'Boolean', object: 'Object' }[typeof v as 'string'] ?? typeof v;
}

function expectedType(type: string): string {
  return { int: 'Integer', bool: 'Boolean', object: 'Object', secureobject: 'Object', array: 'Array' }[type] ?? 'String, Uri';
}

/**
 * Resolves every declared parameter. `scopeFor` gives the scope defaults are evaluated in (it reads the parameters
 * resolved so far through `resolve`, so a default may use another parameter).
 */
export function resolveParameters(template: Obj, supplied: Obj, positions: TemplatePositions, scopeFor: (resolve: (name: string) => Json) => Scope): Map<string, ParameterValue> {
  const declared = isObj(template.parameters) ? template.parameters : {};
  const declaredNames = Object.keys(declared);
  const extra = Object.keys(supplied).filter((s) => !declaredNames.some((d) => d.toLowerCase() === s.toLowerCase()));
  if (extra.length > 0) throw unknownParameters(extra, declaredNames);

  const out = new Map<string, ParameterValue>();
  const resolving = new Set<string>();
  const resolve = (name: string): Json => {
    const key = name.toLowerCase();
    const done = out.get(key);
    if (done) return done.value;
    const declaredName = declaredNames.find((d) => d.toLowerCase() === key);
    // ARM's words for parameters('x') of a parameter the template does not declare.
    if (declaredName === undefined) throw new TemplateFailure(`The template parameter '${name}' is not found. Please see https://aka.ms/arm-syntax-parameters for usage details.`);
    if (resolving.has(key)) throw new TemplateFailure(`The template parameter '${declaredName}' refers to itself.`);
    resolving.add(key);
    const decl = withDefinition(template, isObj(declared[declaredName]) ? declared[declaredName] : {});
    const type = String(decl.type ?? '').toLowerCase();
    const position = positions.ofKey('parameters', declaredName);
    const suppliedName = Object.keys(supplied).find((s) => s.toLowerCase() === key);
    const entry = suppliedName !== undefined && isObj(supplied[suppliedName]) ? (supplied[suppliedName]) : undefined;
    let value: Json;
    if (entry && 'value' in entry) {
      value = entry.value;
    } else if (entry && isObj(entry.reference)) {
      // A Key Vault reference is resolved by ARM at deployment time; the emulator has no vault, so the value is a
      // stand-in named after the secret (the secret itself never passes through the client).
      value = `keyvault-secret-${String((entry.reference).secretName ?? '')}`;
    } else if ('defaultValue' in decl) {
      try {
        value = evaluateTree(decl.defaultValue, scopeFor(resolve));
      } catch (e) {
        if (e instanceof TemplateFailure) throw invalidElement('parameter', declaredName, position, e);
        throw e;
      }
    } else if (decl.nullable === true) {
      // A nullable parameter (languageVersion 2.0, as Bicep emits an optional "?" type) that is not given is null.
      value = null;
    } else {
      throw missingParameterValue(declaredName, position);
    }
    if (!(value === null && decl.nullable === true) && !typeOk(type, value)) {
      throw wrongParameterType(declaredName, expectedType(type), jsonType(value), position);
    }
    if (Array.isArray(decl.allowedValues)) {
      const allowed = decl.allowedValues;
      const ok = Array.isArray(value)
        ? value.every((v) => allowed.some((a) => JSON.stringify(a) === JSON.stringify(v)))
        : allowed.some((a) => (typeof a === 'string' && typeof value === 'string' ? a.toLowerCase() === value.toLowerCase() : JSON.stringify(a) === JSON.stringify(value)));
      if (!ok) throw notAllowedValue(declaredName, value, allowed, position);
    }
    checkRange(declaredName, decl, value, position);
    resolving.delete(key);
    out.set(key, { name: declaredName, type, value, secure: type.startsWith('secure') });
    return value;
  };
  for (const name of declaredNames) resolve(name);
  return out;
}

/**
 * A parameter typed by reference to the template's definitions ("$ref": "#/definitions/lockType", languageVersion 2.0):
 * its declaration with the definition's type (the definition's own properties are not checked).
 */
function withDefinition(template: Obj, decl: Obj): Obj {
  const ref = typeof decl.$ref === 'string' ? /^#\/definitions\/(.+)$/.exec(decl.$ref) : null;
  const definitions = isObj(template.definitions) ? template.definitions : {};
  const definition = ref && isObj(definitions[ref[1]]) ? withDefinition(template, definitions[ref[1]] as Obj) : undefined;
  return definition ? { ...definition, ...decl, type: definition.type ?? decl.type } : decl;
}

function checkRange(name: string, decl: Obj, value: Json, position: ReturnType<TemplatePositions['of']>): void {
  const length = typeof value === 'string' || Array.isArray(value) ? value.length : undefined;
  if (length !== undefined && typeof decl.minLength === 'number' && length < decl.minLength) {
    throw outOfRange(name, `Length of the value should be greater than or equal to '${decl.minLength}'.`, position);
  }
  if (length !== undefined && typeof decl.maxLength === 'number' && length > decl.maxLength) {
    throw outOfRange(name, `Length of the value should be less than or equal to '${decl.maxLength}'.`, position);
  }
  if (typeof value === 'number' && typeof decl.minValue === 'number' && value < decl.minValue) {
    throw outOfRange(name, `Value should be greater than or equal to '${decl.minValue}'.`, position);
  }
  if (typeof value === 'number' && typeof decl.maxValue === 'number' && value > decl.maxValue) {
    throw outOfRange(name, `Value should be less than or equal to '${decl.maxValue}'.`, position);
  }
}

export { InvalidTemplate };
