/**
 * A what-if result as lines for the confirmation, in the update diff's style: one line per resource with its change
 * type (Create, Modify, Delete, Deploy, NoChange, Ignore, Unsupported), and under a modified resource one line per
 * property delta (`+` added, `-` removed, `~` changed). Values at secret fields are never shown, and the deploy's
 * secret values are redacted from each value before it is shortened: a secret cut in two would no longer match.
 */
import { readChangeType, readPropertyChangeType, type ChangeType, type PropertyChangeType } from '../arm/armStates';
import { redactText } from '../arm/redact';
import { isSecretField } from '../definition/secrets';
import { isPlainObject, prop } from '../definition/plainValues';
import { parseTargetPath } from '../deploy/errorTargets';
import type { WhatIfChange, WhatIfPropertyChange, WhatIfResult } from './deployments';

const RESOURCE_SYMBOL: Record<ChangeType, string> = { Create: '+', Delete: '-', Modify: '~', Deploy: '!', NoChange: '=', Ignore: '*', Unsupported: 'x' };
const PROPERTY_SYMBOL: Record<PropertyChangeType, string> = { Create: '+', Delete: '-', Modify: '~', Array: '~', NoEffect: 'x' };
/** The order az deployment what-if lists them in: what changes first. */
const ORDER: readonly ChangeType[] = ['Delete', 'Create', 'Modify', 'Deploy', 'Unsupported', 'NoChange', 'Ignore'];
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
    const kind = readPropertyChangeType(c.propertyChangeType);
    if (kind === 'Array' && c.children?.length) {
      deltaLines(c.children, path, out, secrets);
      continue;
    }
    const symbol = kind ? PROPERTY_SYMBOL[kind] : '?';
    if (kind === 'Create') out.push(`    + ${path}: ${valueText(c.after, path, secrets)}`);
    else if (kind === 'Delete') out.push(`    - ${path}: ${valueText(c.before, path, secrets)}`);
    else if (kind === 'NoEffect') out.push(`    x ${path}: ${valueText(c.after, path, secrets)} (no effect: Azure sets it itself)`);
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
  /** Counts by change type (a type outside the swagger's enum counts as `Unknown`). */
  counts: Map<ChangeType | 'Unknown', number>;
  lines: string[];
  /** "2 to create, 1 to modify, 1 unchanged". */
  headline: string;
  /** The container groups the template defines, where Azure evaluated their names. */
  containerGroups: WhatIfGroup[];
}

export interface WhatIfGroup {
  subscriptionId: string;
  resourceGroup: string;
  name: string;
}

const GROUP_ID = /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Microsoft\.ContainerInstance\/containerGroups\/([^/]+)$/i;

/**
 * The container groups a what-if lists as the template's: every change but Ignore (a resource the template does not
 * define) and Delete (one only a Complete deploy removes) concerns a resource in the template (ARM docs, "Template
 * deployment what-if operation", change types).
 */
function definedGroups(changes: WhatIfChange[]): WhatIfGroup[] {
  const groups: WhatIfGroup[] = [];
  for (const c of changes) {
    const kind = readChangeType(c.changeType);
    const m = GROUP_ID.exec(c.resourceId ?? '');
    if (m && kind !== 'Ignore' && kind !== 'Delete') groups.push({ subscriptionId: m[1], resourceGroup: m[2], name: decodeURIComponent(m[3]) });
  }
  return groups;
}

const HEADLINE: Record<ChangeType, string> = { Create: 'to create', Delete: 'to delete', Modify: 'to modify', Deploy: 'to deploy', NoChange: 'unchanged', Ignore: 'ignored', Unsupported: 'not predictable' };

/** `secrets`: the deploy's secret values, hidden from every value shown. */
export function summarizeWhatIf(result: WhatIfResult, secrets: readonly string[] = []): WhatIfSummary {
  const changes = [...(result.properties?.changes ?? [])].sort(
    (a, b) => rank(a) - rank(b) || resourceLabel(a.resourceId).localeCompare(resourceLabel(b.resourceId)),
  );
  const counts = new Map<ChangeType | 'Unknown', number>();
  const lines: string[] = [];
  for (const c of changes) {
    const kind = readChangeType(c.changeType);
    counts.set(kind ?? 'Unknown', (counts.get(kind ?? 'Unknown') ?? 0) + 1);
    lines.push(`${kind ? RESOURCE_SYMBOL[kind] : '?'} ${resourceLabel(c.resourceId)} (${kind ?? c.changeType ?? 'Unknown'})${c.unsupportedReason ? `: ${c.unsupportedReason}` : ''}`);
    if (kind === 'Modify' || kind === 'Deploy') deltaLines(c.delta, '', lines, secrets);
    if (kind === 'Create') lines.push(...createdSummary(c.after));
  }
  const headline = ORDER.filter((k) => counts.has(k))
    .map((k) => `${counts.get(k)} ${HEADLINE[k]}`)
    .join(', ');
  return { counts, lines, headline: headline || 'no resource changes', containerGroups: definedGroups(changes) };
}

function rank(c: WhatIfChange): number {
  const kind = readChangeType(c.changeType);
  return kind ? ORDER.indexOf(kind) : ORDER.length;
}

/** The what-if's own error (a 200 with `status: Failed` and `error`), if any. */
export function whatIfError(result: WhatIfResult): { code?: string; message?: string } | undefined {
  const error = result.error;
  return isPlainObject(error) ? { code: prop(error, 'code') as string | undefined, message: prop(error, 'message') as string | undefined } : undefined;
}
