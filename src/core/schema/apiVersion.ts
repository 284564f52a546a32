/**
 * Which schema checks a container group: the one of the api-version its file (or template resource) names.
 * Another published version is checked against the newest schema not newer than it (the base for older ones); a
 * version newer than any known against the newest stable one; an unknown or malformed version, a template
 * expression, a value that is not text, or none, against the base version (what deploy sends when the file names
 * none, and what every Azure cloud serves).
 */
import { DefinitionNode } from '../definition/types';
import { findProperty } from '../definition/nodeQuery';
import { isTemplateExpression } from '../definition/templateExpression';
import { publishedVersions, SCHEMA_API_VERSION, schemaVersions } from './apiVersionList';

/**
 * `expression`: a template expression (`[parameters('v')]`), known only when ARM evaluates the template;
 * `notText`: a number or other non-text value, which no api-version is.
 */
export type ApiVersionStatus = 'known' | 'published' | 'newer' | 'unknown' | 'malformed' | 'expression' | 'notText' | 'absent';

export interface SchemaChoice {
  /** The api-version whose schema checks the group. */
  version: string;
  status: ApiVersionStatus;
  /** What the file says, when it is plain text. */
  requested?: string;
  /** The `apiVersion` value node, for findings and quick fixes. */
  node?: DefinitionNode;
}

// A date as ARM writes api-versions (a month 13 or a day 45 is no version at all).
const WELL_FORMED = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(-preview)?$/;

/** The newest stable api-version with a schema. */
export function newestStableVersion(): string {
  const stable = schemaVersions().filter((v) => !v.preview);
  return stable[stable.length - 1].version;
}

export function isPreview(version: string): boolean {
  return schemaVersions().some((v) => v.version === version && v.preview);
}

/** A version as the product names it: previews say so. */
export function versionLabel(version: string): string {
  return isPreview(version) && !version.endsWith('-preview') ? `${version} (preview)` : version;
}

/** The schema for an api-version text (undefined: the file names none). */
export function chooseSchemaVersion(requested: string | undefined): SchemaChoice {
  if (requested === undefined) return { version: SCHEMA_API_VERSION, status: 'absent' };
  if (isTemplateExpression(requested.trim())) return { version: SCHEMA_API_VERSION, status: 'expression', requested };
  const text = requested.trim();
  const known = schemaVersions().find((v) => v.version === text);
  if (known) return { version: known.version, status: 'known', requested };
  if (!WELL_FORMED.test(text)) return { version: SCHEMA_API_VERSION, status: 'malformed', requested };
  if (publishedVersions.includes(text)) {
    const below = schemaVersions().filter((v) => !v.preview && v.version <= text);
    return { version: below.length ? below[below.length - 1].version : SCHEMA_API_VERSION, status: 'published', requested };
  }
  const newest = newestStableVersion();
  if (!text.endsWith('-preview') && text > newest) return { version: newest, status: 'newer', requested };
  return { version: SCHEMA_API_VERSION, status: 'unknown', requested };
}

/** The choice for a group node (a definition's root or a template resource): its own `apiVersion`. */
export function schemaVersionOf(group: DefinitionNode | undefined): SchemaChoice {
  const node = findProperty(group, 'apiVersion');
  if (node && node.kind !== 'string') {
    if (node.kind === 'null') return { version: SCHEMA_API_VERSION, status: 'absent', node };
    const shown = 'value' in node ? String(node.value) : node.kind;
    return { version: SCHEMA_API_VERSION, status: 'notText', requested: shown, node };
  }
  const text = node?.kind === 'string' ? String(node.value) : undefined;
  return { ...chooseSchemaVersion(text), ...(node ? { node } : {}) };
}
