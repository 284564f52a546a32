/** ajv errors → findings with messages that say what to do and the narrowest range. */
import { ErrorObject } from 'ajv';
import { nodeAtPath, rangeForPath } from '../definition/nodeQuery';
import { DefinitionNode, Finding, PathSegment } from '../definition/types';
import { Code } from '../definition/findingCodes';
import { replacementText } from './fixText';

function pathFromPointer(base: DefinitionNode, pointer: string): PathSegment[] {
  if (!pointer) return [];
  const path: PathSegment[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const parent = nodeAtPath(base, path);
    path.push(parent?.kind === 'array' && /^\d+$/.test(seg) ? Number(seg) : seg);
  }
  return path;
}

/** The validated value at `path` (a template parameter's value where the document has the expression). */
function valueAt(instance: unknown, path: PathSegment[]): unknown {
  let v = instance;
  for (const seg of path) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[seg] : undefined;
  return v;
}

const ARTICLE: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object (key: value pairs)',
  array: 'a list',
};

function nameOf(path: readonly PathSegment[]): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return String(path[i]);
  return 'the document';
}

/** `base` is the node the validated value (`instance`) came from; `prefix` its path in the document. */
export function schemaFindings(errors: ErrorObject[] | null | undefined, base: DefinitionNode, prefix: readonly PathSegment[], expressions: Set<string>, instance: unknown): Finding[] {
  const findings: Finding[] = [];
  const typeErrors = new Set((errors ?? []).filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  for (const e of errors ?? []) {
    if (e.keyword === 'if') continue;
    // A value of the wrong type also fails its format; the type message says enough.
    if (e.keyword === 'format' && typeErrors.has(e.instancePath)) continue;
    if (expressions.has(e.instancePath)) continue;
    const path = pathFromPointer(base, e.instancePath);
    const full = [...prefix, ...path];
    const name = nameOf(full);
    switch (e.keyword) {
      case 'required': {
        const missing = (e.params as { missingProperty: string }).missingProperty;
        findings.push({
          code: Code.required,
          severity: 'error',
          message: `Missing required property '${missing}' in ${path.length || prefix.length ? `'${name}'` : 'the definition'}; add it.`,
          range: rangeForPath(base, path, true),
          path: [...full, missing],
          data: { missingProperty: missing },
        });
        break;
      }
      case 'type': {
        const t = String((e.params as { type: string }).type).split(',')[0];
        findings.push({ code: Code.type, severity: 'error', message: `'${name}' must be ${ARTICLE[t] ?? t}.`, range: rangeForPath(base, path), path: full, data: { expected: t } });
        break;
      }
      case 'enum': {
        const allowed = (e.params as { allowedValues: string[] }).allowedValues;
        const range = rangeForPath(base, path);
        const node = nodeAtPath(base, path);
        findings.push({
          code: Code.enum,
          severity: 'error',
          message: `'${String(valueAt(instance, path))}' is not a valid ${name}; use one of: ${allowed.join(', ')}.`,
          range,
          path: full,
          data: { allowed },
          // No allowed value is close (a case slip is ACI201 with its own fix): offer each one.
          moreFixes: allowed.map((value) => {
            const newText = replacementText(node, String(value));
            return { title: `Change to ${newText}`, edits: [{ range, newText }] };
          }),
        });
        break;
      }
      case 'format': {
        const format = (e.params as { format: string }).format;
        const what = format === 'int32' ? 'a whole number from -2147483648 to 2147483647' : format === 'date-time' ? 'a date-time such as 2023-05-01T10:00:00Z' : `in ${format} format`;
        findings.push({ code: Code.format, severity: 'error', message: `'${name}' must be ${what}.`, range: rangeForPath(base, path), path: full, data: { format } });
        break;
      }
      default:
        findings.push({ code: Code.schemaOther, severity: 'error', message: `'${name}' ${e.message ?? 'is not valid'}.`, range: rangeForPath(base, path), path: full });
    }
  }
  return findings;
}
