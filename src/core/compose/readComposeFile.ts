/**
 * One Compose file read as Compose reads it: YAML (with the definition parser's anchors, merge keys and alias
 * limits, ranges kept), every string value interpolated, then checked against the Compose specification's
 * schema. Each problem is a `blocked` finding on its line.
 */
import { parseYaml } from '../definition/yamlParser';
import { nodeAtPath, rangeForPath, toPlainValue } from '../definition/nodeQuery';
import type { DefinitionNode, PathSegment, Range } from '../definition/types';
import { loadComposeValidator } from './generated/loadComposeValidator';
import { interpolate, InterpolationError, type Environment } from './interpolate';
import type { ComposeFileText, ComposeFinding } from './types';

export interface ReadComposeFile {
  path: string;
  root: DefinitionNode | undefined;
  /** The file's value after interpolation; undefined when it could not be read. */
  value: Record<string, unknown> | undefined;
  findings: ComposeFinding[];
}

interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readComposeFile(file: ComposeFileText, env: Environment): ReadComposeFile {
  const parsed = parseYaml(file.text);
  const findings: ComposeFinding[] = parsed.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({ rule: 'yaml', kind: 'blocked', message: d.message, file: file.path, range: d.range }));
  const root = parsed.root;
  if (findings.length || !root) {
    if (!findings.length) findings.push({ rule: 'yaml', kind: 'blocked', message: 'The file holds no Compose model.', file: file.path, range: { start: 0, end: 0 } });
    return { path: file.path, root, value: undefined, findings };
  }
  const at = (path: PathSegment[], preferKey = false): Range => rangeForPath(root, path, preferKey);
  const interpolated = interpolateValue(toPlainValue(root), [], env, (path, message) =>
    findings.push({ rule: 'interpolation', kind: 'blocked', message, file: file.path, range: at(path) }),
  );
  if (!isObject(interpolated)) {
    findings.push({ rule: 'schema', kind: 'blocked', message: 'A Compose file is a mapping (services:, volumes:, …).', file: file.path, range: root.range });
    return { path: file.path, root, value: undefined, findings };
  }
  const validateSchema = loadComposeValidator() as ((value: unknown) => boolean) & { errors?: SchemaError[] | null };
  if (!findings.length && !validateSchema(interpolated)) {
    for (const error of schemaErrors(validateSchema.errors ?? [])) {
      const path = error.instancePath.split('/').slice(1).map(unescapePointer);
      const extra = typeof error.params.additionalProperty === 'string' ? error.params.additionalProperty : undefined;
      const where = extra ? [...path, extra] : path;
      const located = nodeAtPath(root, where) ? where : path;
      findings.push({ rule: 'schema', kind: 'blocked', message: schemaMessage(where, error), file: file.path, range: at(located, extra !== undefined) });
    }
  }
  return { path: file.path, root, value: findings.length ? undefined : interpolated, findings };
}

const unescapePointer = (s: string): PathSegment => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The most telling error per place: a `oneOf` whose branches all failed says less than the branch errors. */
function schemaErrors(errors: SchemaError[]): SchemaError[] {
  const byPlace = new Map<string, SchemaError>();
  for (const e of errors) {
    const key = e.instancePath + (typeof e.params.additionalProperty === 'string' ? `/${e.params.additionalProperty}` : '');
    const kept = byPlace.get(key);
    if (!kept || (kept.keyword === 'oneOf' || kept.keyword === 'anyOf' ? e.keyword !== 'oneOf' && e.keyword !== 'anyOf' : false)) byPlace.set(key, e);
  }
  // A place whose deeper place has an error is explained there.
  const keys = [...byPlace.keys()];
  return keys.filter((k) => !keys.some((o) => o !== k && o.startsWith(`${k}/`))).map((k) => byPlace.get(k) as SchemaError);
}

function schemaMessage(path: PathSegment[], error: SchemaError): string {
  const where = path.length ? path.join('.') : 'the file';
  if (error.keyword === 'additionalProperties') return `${where} is not a Compose property.`;
  if (error.keyword === 'enum') return `${where} must be one of ${(error.params.allowedValues as unknown[]).map(String).join(', ')}.`;
  return `${where} ${error.message ?? 'breaks the Compose schema'}.`;
}

/** Every string interpolated; `report` is told where a variable was required and missing. */
function interpolateValue(value: unknown, path: PathSegment[], env: Environment, report: (path: PathSegment[], message: string) => void): unknown {
  if (typeof value === 'string') {
    try {
      return interpolate(value, env);
    } catch (err) {
      if (!(err instanceof InterpolationError)) throw err;
      report(path, err.message);
      return value;
    }
  }
  if (Array.isArray(value)) return value.map((v, i) => interpolateValue(v, [...path, i], env, report));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateValue(v, [...path, k], env, report)]));
  return value;
}
