/**
 * A what-if result as lines for the confirmation, in the update diff's style: one line per resource with its change
 * type (Create, Modify, Delete, Deploy, NoChange, Ignore, Unsupported), and under a modified resource one line per
 * property delta (`+` added, `-` removed, `~` changed). Values at secret fields are never shown, and the deploy's
 * secret values are redacted from each value before it is shortened: a secret cut in two would no longer match.
 */
import { redactText } from '../arm/redact';
import { isSecretField } from '../definition/secrets';
import { isPlainObject, prop } from '../definition/plainValues';
import { parseTargetPath } from '../deploy/errorTargets';
import type { WhatIfChange, WhatIfPropertyChange, WhatIfResult } from './deployments';

const RESOURCE_SYMBOL: Record<string, string> = { create: '+', delete: '-', modify: '~', deploy: '!', nochange: '=', ignore: '*', unsupported: 'x' };
const PROPERTY_SYMBOL: Record<string, string> = { create: '+', delete: '-', modify: '~', array: '~', noeffect: 'x' };
/** The order az deployment what-if lists them in: what changes first. */
const ORDER = ['delete', 'create', 'modify', 'deploy', 'unsupported', 'nochange', 'ignore'];
const MAX_VALUE = 80;

/** `…/providers/Microsoft.ContainerInstance/containerGroups/web` → `Microsoft.ContainerInstance/containerGroups/web`. */
export function resourceLabel(resourceId: string | undefined): string {
  if (!resourceId) return '(unnamed resource)';
  const at = resourceId.toLowerCase().lastIndexOf('/providers/');
  return at >= 0 ? resourceId.slice(at + '/providers/'.length) : resourceId;
}

function valueText(value: unknown, path: string, secrets: readonly string[]): string {
  const segments = parseTargetPath(path) ?? [];
  if (isSecretField(segments)) return '(secret)';
  const text = redactText(typeof value === 'string' ? `"${value}"` : JSON.stringify(value) ?? 'null', secrets);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

function joinPath(parent: string, child: string | undefined): string {
  if (child === undefined || child === '') return parent;
  if (/^\d+$/.test(child)) return `${parent}[${child}]`;
  return parent ? `${parent}.${child}` : child;
}

function deltaLines(changes: WhatIfPropertyChange[] | undefined, parent: string, out: string[], secrets: readonly string[]): void {
  for (const c of changes ?? []) {
    const path = joinPath(parent, c.path);
    const kind = String(c.propertyChangeType ?? '').toLowerCase();
    if (kind === 'array' && c.children?.length) {
      deltaLines(c.children, path, out, secrets);
      continue;
    }
    const symbol = PROPERTY_SYMBOL[kind] ?? '?';
    if (kind === 'create') out.push(`    + ${path}: ${valueText(c.after, path, secrets)}`);
    else if (kind === 'delete') out.push(`    - ${path}: ${valueText(c.before, path, secrets)}`);
    else if (kind === 'noeffect') out.push(`    x ${path}: ${valueText(c.after, path, secrets)} (no effect: Azure sets it itself)`);
    else if (c.children?.length) deltaLines(c.children, path, out, secrets);
    else out.push(`    ${symbol} ${path}: ${valueText(c.before, path, secrets)} → ${valueText(c.after, path, secrets)}`);
  }
}

/** What a created container group will run: its location and each container's image. */
function createdSummary(after: unknown): string[] {
  const lines: string[] = [];
  const location = prop(after, 'location');
  if (typeof location === 'string') lines.push(`    location: ${location}`);
  const containers = prop(prop(after, 'properties'), 'containers');
  for (const c of Array.isArray(containers) ? containers : []) {
    const image = prop(prop(c, 'properties'), 'image');
    if (typeof prop(c, 'name') === 'string' && typeof image === 'string') lines.push(`    container ${String(prop(c, 'name'))}: ${image}`);
  }
  return lines;
}

export interface WhatIfSummary {
  /** Counts by change type, lower case. */
  counts: Map<string, number>;
  lines: string[];
  /** "2 to create, 1 to modify, 1 unchanged". */
  headline: string;
}

const HEADLINE: Record<string, string> = { create: 'to create', delete: 'to delete', modify: 'to modify', deploy: 'to deploy', nochange: 'unchanged', ignore: 'ignored', unsupported: 'not predictable' };

/** `secrets`: the deploy's secret values, hidden from every value shown. */
export function summarizeWhatIf(result: WhatIfResult, secrets: readonly string[] = []): WhatIfSummary {
  const changes = [...(result.properties?.changes ?? [])].sort(
    (a, b) => rank(a) - rank(b) || resourceLabel(a.resourceId).localeCompare(resourceLabel(b.resourceId)),
  );
  const counts = new Map<string, number>();
  const lines: string[] = [];
  for (const c of changes) {
    const kind = String(c.changeType ?? '').toLowerCase();
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    lines.push(`${RESOURCE_SYMBOL[kind] ?? '?'} ${resourceLabel(c.resourceId)} (${c.changeType ?? 'Unknown'})${c.unsupportedReason ? `: ${c.unsupportedReason}` : ''}`);
    if (kind === 'modify' || kind === 'deploy') deltaLines(c.delta, '', lines, secrets);
    if (kind === 'create') lines.push(...createdSummary(c.after));
  }
  const headline = ORDER.filter((k) => counts.has(k))
    .map((k) => `${counts.get(k)} ${HEADLINE[k]}`)
    .join(', ');
  return { counts, lines, headline: headline || 'no resource changes' };
}

function rank(c: WhatIfChange): number {
  const i = ORDER.indexOf(String(c.changeType ?? '').toLowerCase());
  return i < 0 ? ORDER.length : i;
}

/** The what-if's own error (a 200 with `status: Failed` and `error`), if any. */
export function whatIfError(result: WhatIfResult): { code?: string; message?: string } | undefined {
  const error = result.error;
  return isPlainObject(error) ? { code: prop(error, 'code') as string | undefined, message: prop(error, 'message') as string | undefined } : undefined;
}
