/** What the rules share: where values came from (for ranges) and how to report. */
import { nodeAtPath, rangeForPath } from '../../definition/nodeQuery';
import { replacementText } from '../fixText';
import { DefinitionNode, Finding, PathSegment, Severity } from '../../definition/types';
import { isTemplateExpression } from '../normalize';
import { isPlainObject, type PlainObject } from '../../definition/plainValues';

export interface RuleContext {
  /** Node the checked value was read from; rule paths are relative to it. */
  base: DefinitionNode;
  /** Path of `base` in the document. */
  prefix: PathSegment[];
  template: boolean;
  findings: Finding[];
  /**
   * The group's rules on a container group profile: its name follows the profile's own pattern (upper case and
   * underscores allowed), its subnet comes from the NGroups resource that uses it and its identities are those of
   * the groups made from it, so none of these is checked.
   */
  profile?: boolean;
}

export interface EmitOptions {
  preferKey?: boolean;
  data?: Record<string, unknown>;
  fixText?: { title: string; newText: string };
  /** Values that may replace the flagged one, each offered as its own quick fix ("Change to …"). */
  replacements?: string[];
}

export function emit(ctx: RuleContext, code: string, severity: Severity, message: string, path: PathSegment[], opts: EmitOptions = {}): void {
  const range = rangeForPath(ctx.base, path, opts.preferKey);
  const finding: Finding = { code, severity, message, range, path: [...ctx.prefix, ...path] };
  if (opts.data) finding.data = opts.data;
  if (opts.fixText) finding.fix = { title: opts.fixText.title, edits: [{ range, newText: opts.fixText.newText }] };
  if (opts.replacements?.length) {
    const node = nodeAtPath(ctx.base, path);
    finding.moreFixes = opts.replacements.map((value) => {
      const newText = replacementText(node, value);
      return { title: `Change to ${newText}`, edits: [{ range, newText }] };
    });
  }
  ctx.findings.push(finding);
}

/** A string the user wrote as is: not a template expression, whose value is known only at deploy time. */
export function literalString(ctx: RuleContext, v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  if (ctx.template && isTemplateExpression(v)) return undefined;
  return v;
}

export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function obj(v: unknown): PlainObject | undefined {
  return isPlainObject(v) ? v : undefined;
}

export function hasExpression(ctx: RuleContext, values: unknown[]): boolean {
  return ctx.template && values.some((v) => isTemplateExpression(v));
}
