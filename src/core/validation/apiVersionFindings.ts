/**
 * Findings about the api-version a group names, and the quick fix that moves a file to the version that adds a
 * property it uses ("Use api-version X"), saying what else that version changes.
 */
import { Code } from '../definition/findingCodes';
import { Finding, PathSegment } from '../definition/types';
import { SchemaChoice, versionLabel } from '../schema/apiVersion';
import { schemaVersions } from '../schema/schemaLookup';
import { propertiesDropped } from '../schema/versionChanges';
import { replacementText } from './fixText';

/** The notice for another published version or one newer than any known; the error for an unknown or malformed one. */
export function apiVersionFindings(choice: SchemaChoice, prefix: PathSegment[]): Finding[] {
  const node = choice.node;
  if (!node || choice.status === 'known' || choice.status === 'absent') return [];
  const range = node.range;
  const path = [...prefix, 'apiVersion'];
  if (choice.status === 'published') {
    return [{ code: Code.apiVersion, severity: 'info', message: `apiVersion ${choice.requested} has no schema in this extension: checked against ${choice.version}; a property ${choice.requested} lacks may be rejected by the service.`, range, path, data: { checkedAgainst: choice.version } }];
  }
  if (choice.status === 'newer') {
    return [{ code: Code.apiVersion, severity: 'info', message: `apiVersion ${choice.requested} is newer than any this extension knows: checked against ${choice.version}, the newest known stable version.`, range, path, data: { checkedAgainst: choice.version } }];
  }
  const known = schemaVersions().map((v) => v.version);
  const what = choice.status === 'malformed' ? 'is not an api-version (a date such as 2025-09-01)' : 'is not a known api-version of container groups';
  return [{
    code: Code.unknownApiVersion,
    severity: 'error',
    message: `apiVersion '${choice.requested}' ${what}; use one of: ${known.map(versionLabel).join(', ')}.`,
    range,
    path,
    data: { known },
    moreFixes: known.map((v) => ({ title: `Use api-version ${v}`, edits: [{ range, newText: replacementText(node, v) }] })),
  }];
}

/** What moving from `from` to `to` drops, for the quick fix's title ('' when nothing). */
function dropNote(from: string, to: string): string {
  const dropped = propertiesDropped(from, to);
  if (!dropped.length) return '';
  const shown = dropped.slice(0, 3).join(', ');
  return ` (drops ${shown}${dropped.length > 3 ? ` and ${dropped.length - 3} more` : ''})`;
}

/** Gives each "a newer version adds it" finding its quick fix: rewrite the group's apiVersion. */
export function withVersionFixes(findings: Finding[], choice: SchemaChoice): Finding[] {
  const node = choice.node;
  if (!node) return findings;
  return findings.map((f) => {
    const addedIn = f.code === Code.newerProperty ? f.data?.addedIn : undefined;
    if (typeof addedIn !== 'string') return f;
    const title = `Use api-version ${addedIn}${dropNote(choice.version, addedIn)}`;
    return { ...f, fix: { title, edits: [{ range: node.range, newText: replacementText(node, addedIn) }] } };
  });
}
