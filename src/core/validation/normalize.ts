/**
 * Lenient reading of a definition against the schema. The service accepts property names and enum values
 * in any letter case, numbers written as strings, scalars where strings go and nulls; those get warnings with
 * a fix to the canonical form and the canonical value is what the schema then validates.
 */
import { DefinitionFormat, DefinitionNode, Finding, PathSegment, Range } from '../definition/types';
import { toPlainValue } from '../definition/nodeQuery';
import { Code } from '../definition/findingCodes';
import { canonicalKey, looseName, resolveRef, SCHEMA_API_VERSION, SchemaNode } from '../schema/schemaLookup';
import { versionAdding } from '../schema/versionChanges';
import { versionLabel } from '../schema/apiVersion';
import { isTemplateExpression } from '../definition/templateExpression';
import { findSecretReferences, isSecretField, SECRET_NAME_RULE, secretSpan } from '../definition/secrets';
import { findProperty } from '../definition/nodeQuery';
import { findExamplePlaceholder, isCommandPath, placeholderForm } from '../definition/examplePlaceholders';
import { boundValue, ParameterBinding, ParameterUse } from './parameterBinding';

export interface NormalizeContext {
  text: string;
  format: DefinitionFormat;
  /** Inside an ARM template: `[expression]` strings may stand for any value. */
  template: boolean;
  findings: Finding[];
  /** JSON pointers (canonical keys) of template expressions; schema errors there are not reported. */
  expressions: Set<string>;
  /** A path (JSON pointer) whose array items are not read here (validated item by item elsewhere). */
  skipItemsOf?: string;
  skippedItems?: DefinitionNode[];
  /** Path of the normalized node inside its container group (a container read on its own is not at the root). */
  base?: PathSegment[];
  /** Values checked in place of `[parameters('…')]`. */
  binding?: ParameterBinding;
  /** Where `[parameters('…')]` are written. */
  uses?: ParameterUse[];
  /** The api-version whose schema checks the value, and the definition the normalized node is (`Container`…). */
  /** `noun`: what the schema describes, in messages (a container group unless said). */
  schema?: { version: string; root: string; noun?: string };
}

export { isTemplateExpression };

export function pointer(path: readonly PathSegment[]): string {
  return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function quoteFor(ctx: NormalizeContext, text: string): string {
  return ctx.format === 'json' ? JSON.stringify(text) : `'${text.replace(/'/g, "''")}'`;
}

/** A replacement enum value as written in the document: plain in YAML where the original was plain and it is safe. */
function enumText(ctx: NormalizeContext, node: DefinitionNode, value: string): string {
  const plainSafe = /^[A-Za-z][A-Za-z0-9]*(, [A-Za-z][A-Za-z0-9]*)*$/.test(value) && !/^(y|yes|n|no|true|false|on|off|null)$/i.test(value);
  return ctx.format === 'yaml' && 'plain' in node && node.plain && plainSafe ? value : quoteFor(ctx, value);
}

function warn(ctx: NormalizeContext, code: string, message: string, range: Range, path: PathSegment[], canonical: unknown, newText?: string, severity: Finding['severity'] = 'warning'): void {
  const finding: Finding = { code, severity, message, range, path, data: { canonical } };
  if (newText !== undefined) finding.fix = { title: `Change to ${newText}`, edits: [{ range, newText }] };
  ctx.findings.push(finding);
}

function label(path: readonly PathSegment[]): string {
  const last = [...path].reverse().find((s) => typeof s === 'string');
  return last === undefined ? 'value' : String(last);
}

/** Returns the canonical value, or undefined when the node is dropped (a null the service ignores). */
export function normalize(node: DefinitionNode, schemaIn: SchemaNode | undefined, path: PathSegment[], ctx: NormalizeContext): unknown {
  const schema = resolveRef(schemaIn);
  if (node.kind === 'string') checkPlaceholder(node.value as string, node.range, path, ctx);
  if (ctx.template && node.kind === 'string' && isTemplateExpression(node.value)) {
    const bound = boundValue(node.value, path, ctx);
    // The bound value is read as if written here; how the parameter spells it is the template author's choice.
    if (bound) return normalize(bound.node, schemaIn, path, { ...ctx, template: false, findings: [] });
    ctx.expressions.add(pointer(path));
    return node.value;
  }
  if (!schema) return toPlainValue(node);
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  if (node.kind === 'null') return normalizeNull(node, type, schema, path, ctx);
  switch (type) {
    case 'object':
      return node.kind === 'object' ? normalizeObject(node, schema, path, ctx) : toPlainValue(node);
    case 'array':
      if (node.kind !== 'array') return toPlainValue(node);
      if (ctx.skipItemsOf !== undefined && pointer(path) === ctx.skipItemsOf) {
        ctx.skippedItems = node.children;
        return [];
      }
      return node.children.map((c, i) => normalize(c, schema.items, [...path, i], ctx));
    case 'string':
      return normalizeString(node, schema, path, ctx);
    case 'number':
    case 'integer':
      if (node.kind === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(node.value as string)) {
        const n = Number(node.value);
        const literal = String(n);
        warn(ctx, Code.numberAsString, `'${label(path)}' is a number; write ${literal} without quotes.`, node.range, path, n, literal);
        return n;
      }
      return toPlainValue(node);
    case 'boolean':
      if (node.kind === 'string' && /^(true|false)$/i.test((node.value as string).trim())) {
        const b = (node.value as string).trim().toLowerCase() === 'true';
        warn(ctx, Code.booleanAsString, `'${label(path)}' is a boolean; write ${b} without quotes.`, node.range, path, b, String(b));
        return b;
      }
      return toPlainValue(node);
    default:
      return toPlainValue(node);
  }
}

function normalizeNull(node: DefinitionNode, type: string | undefined, schema: SchemaNode, path: PathSegment[], ctx: NormalizeContext): unknown {
  if (type === undefined) return null;
  const empty = type === 'object' ? '{}' : type === 'array' ? '[]' : undefined;
  const what = `'${label(path)}' is empty (null), which the service treats as not set`;
  if (empty && !schema.required?.length) {
    const newText = node.range.start === node.range.end && ctx.format === 'yaml' ? ' ' + empty : empty;
    warn(ctx, Code.nullValue, `${what}; write ${empty} or remove it.`, node.range, path, type === 'object' ? {} : [], newText);
    return undefined;
  }
  warn(ctx, Code.nullValue, `${what}; give it a value or remove it.`, node.range.start === node.range.end && node.keyRange ? node.keyRange : node.range, path, undefined);
  return undefined;
}

function normalizeString(node: DefinitionNode, schema: SchemaNode, path: PathSegment[], ctx: NormalizeContext): unknown {
  if (node.kind === 'number' || node.kind === 'boolean') {
    const source = ctx.format === 'yaml' ? ctx.text.slice(node.range.start, node.range.end) : String(node.value);
    const newText = quoteFor(ctx, source);
    if (isSecretField([...(ctx.base ?? []), ...path])) {
      // Findings reach the Problems view, logs and the CLI output: a secret's value stays in the edit only.
      const finding: Finding = { code: Code.scalarAsString, severity: 'warning', message: `'${label(path)}' is text; quote it.`, range: node.range, path };
      finding.fix = { title: 'Quote the value', edits: [{ range: node.range, newText }] };
      ctx.findings.push(finding);
    } else {
      warn(ctx, Code.scalarAsString, `'${label(path)}' is text; quote the value: ${newText}.`, node.range, path, source, newText);
    }
    return enumCanonical(source, node, schema, path, ctx);
  }
  if (node.kind !== 'string') return toPlainValue(node);
  return enumCanonical(node.value as string, node, schema, path, ctx);
}

function enumCanonical(value: string, node: DefinitionNode, schema: SchemaNode, path: PathSegment[], ctx: NormalizeContext): string {
  if (!schema.enum || schema.enum.includes(value)) return value;
  const match = schema.enum.find((e) => looseName(e) === looseName(value));
  if (match === undefined) return value;
  warn(ctx, Code.enumCase, `Write ${label(path)} '${value}' as '${match}' (the documented spelling).`, node.range, path, match, enumText(ctx, node, match));
  return match;
}

/** A property the schema lacks: a newer api-version's, else a misspelling (with a rename), else unknown. */
function unknownProperty(ctx: NormalizeContext, prop: DefinitionNode, key: string, path: PathSegment[], known: string[]): Finding {
  const range = prop.keyRange ?? prop.range;
  const version = ctx.schema?.version ?? SCHEMA_API_VERSION;
  const addedIn = ctx.schema ? versionAdding(ctx.schema.root, path, key, version) : undefined;
  if (addedIn) {
    return {
      code: Code.newerProperty,
      severity: 'warning',
      message: `'${key}' is not part of api-version ${version}: api-version ${versionLabel(addedIn)} adds it.`,
      range,
      path: [...path, key],
      data: { addedIn, version },
    };
  }
  const suggestion = closest(key, known);
  return {
    code: Code.unknownProperty,
    severity: 'warning',
    message: `Unknown property '${key}'${suggestion ? `; did you mean '${suggestion}'?` : ` is not part of the ${version} ${ctx.schema?.noun ?? 'container group'} schema.`}`,
    range,
    path: [...path, key],
    data: { suggestion },
    ...(suggestion ? { fix: { title: `Rename to ${suggestion}`, edits: [{ range, newText: renderKey(ctx, prop, suggestion) }] } } : {}),
  };
}

function normalizeObject(node: DefinitionNode & { kind: 'object' }, schema: SchemaNode, path: PathSegment[], ctx: NormalizeContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const mapValues = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const prop of node.properties) {
    const key = prop.key ?? '';
    const canonical = canonicalKey(schema, key);
    if (canonical === undefined && ctx.template && key.toLowerCase() === 'copy' && prop.kind === 'array') {
      copyLoops(prop, schema, path, ctx, out);
      continue;
    }
    if (canonical === undefined) {
      if (mapValues) {
        // Map keys can be values too (identity resource IDs under userAssignedIdentities).
        if (prop.keyRange) checkExamplePlaceholder(key, prop.keyRange, [...path, key], ctx);
        const v = normalize(prop, mapValues, [...path, key], ctx);
        if (v !== undefined) out[key] = v;
      } else if (schema.properties && prop.keyRange) {
        ctx.findings.push(unknownProperty(ctx, prop, key, path, Object.keys(schema.properties)));
      }
      continue;
    }
    const childPath = [...path, canonical];
    if (canonical !== key && prop.keyRange) {
      const newText = renderKey(ctx, prop, canonical);
      warn(ctx, Code.propertyCase, `Write '${key}' as '${canonical}' (the documented spelling).`, prop.keyRange, childPath, canonical, newText);
    }
    const childSchema = resolveRef(schema.properties![canonical]);
    if (childSchema?.readOnly) {
      if (!(path.length === 0 || (path.length === 2 && path[0] === 'resources'))) {
        ctx.findings.push({
          code: Code.readOnly,
          severity: 'info',
          message: `'${canonical}' is read-only (set by the service); it is ignored when deploying.`,
          range: prop.keyRange ?? prop.range,
          path: childPath,
        });
      }
      continue;
    }
    const v = normalize(prop, childSchema, childPath, ctx);
    if (v !== undefined) out[canonical] = v;
  }
  return out;
}

/**
 * A property copy loop (`"copy": [{ "name": "containers", "count": …, "input": {…} }]`) makes the named array.
 * Container inputs are checked as containers; other arrays are values we cannot know.
 */
function copyLoops(node: DefinitionNode & { kind: 'array' }, schema: SchemaNode, path: PathSegment[], ctx: NormalizeContext, out: Record<string, unknown>): void {
  for (const loop of node.children) {
    const name = findProperty(loop, 'name');
    const canonical = name?.kind === 'string' ? canonicalKey(schema, String(name.value)) : undefined;
    if (canonical === undefined) continue;
    const at = pointer([...path, canonical]);
    const input = findProperty(loop, 'input');
    if (input && at === ctx.skipItemsOf) {
      ctx.skippedItems = [...(ctx.skippedItems ?? []), input];
      out[canonical] = [];
    } else {
      ctx.expressions.add(at);
      out[canonical] = `[copyIndex('${canonical}')]`;
    }
  }
}

function renderKey(ctx: NormalizeContext, prop: DefinitionNode, key: string): string {
  if (ctx.format === 'json') return JSON.stringify(key);
  return prop.keyPlain ? key : `'${key}'`;
}

function checkExamplePlaceholder(value: string, range: Range, path: PathSegment[], ctx: NormalizeContext): void {
  const secret = isSecretField([...(ctx.base ?? []), ...path]);
  const found = isCommandPath(path) ? undefined : findExamplePlaceholder(value, secret);
  if (found === undefined) return;
  ctx.findings.push({
    code: Code.examplePlaceholder,
    severity: 'warning',
    // A secret field's value is never repeated, even in part: only the placeholder's form is named.
    message: secret
      ? `'${label(path)}' holds a placeholder from an example (${placeholderForm(found)}); replace it with the real value. Deploy refuses to send it.`
      : `'${found}' is a placeholder from an example; replace it with the real value. Deploy refuses to send it.`,
    range,
    path,
    data: { placeholder: secret ? placeholderForm(found) : found },
  });
}

function checkPlaceholder(value: string, range: Range, path: PathSegment[], ctx: NormalizeContext): void {
  checkExamplePlaceholder(value, range, path, ctx);
  const refs = findSecretReferences(value);
  if (refs.length === 0) return;
  if (refs.some((r) => !r.valid)) {
    ctx.findings.push({
      code: Code.invalidSecretName,
      severity: 'error',
      message: `This secret placeholder's name is not valid, so it can never be filled in (the deploy refuses it). Secret names use ${SECRET_NAME_RULE}.`,
      range,
      path,
    });
  }
  const span = secretSpan([...(ctx.base ?? []), ...path], value);
  if (span && refs.every((r) => r.start >= span.start && r.end <= span.end)) return;
  ctx.findings.push({
    code: Code.placeholderOutsideSecret,
    severity: 'warning',
    message: `Secret placeholders are only replaced in secret fields (secureValue, password, storageAccountKey, workspaceKey, workspaceResourceId, secret volumes, protectedSettings) and in the user and password of a gitRepo repository URL; '${label(path)}' would get the text as written.`,
    range,
    path,
  });
}

/** The known name within edit distance 2 (or sharing a prefix), for "did you mean". */
function closest(key: string, names: string[]): string | undefined {
  let best: string | undefined;
  let bestScore = 3;
  for (const name of names) {
    const d = distance(key.toLowerCase(), name.toLowerCase());
    if (d < bestScore) {
      best = name;
      bestScore = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return 99;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
