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

/**
 * The notice for another published version, one newer than any known, or a template expression; the error for an
 * unknown or malformed version or a value that is not text.
 */
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
  if (choice.status === 'expression') {
    return [{
      code: Code.apiVersion,
      severity: 'info',
      message: `apiVersion ${choice.requested} is a template expression, known only when ARM deploys the template: checked against ${choice.version}, the version every Azure cloud serves, so a property a newer version adds is flagged. Write the version itself to check against it.`,
      range,
      path,
      data: { checkedAgainst: choice.version },
    }];
  }
  const known = schemaVersions().map((v) => v.version);
  const what =
    choice.status === 'notText'
      ? `is a ${node.kind}, not text: write the version as a quoted string`
      : choice.status === 'malformed'
        ? 'is not an api-version (a date such as 2025-09-01)'
        : 'is not a known api-version of container groups';
  const shown = choice.status === 'notText' ? String(choice.requested) : `'${choice.requested}'`;
  return [{
    code: Code.unknownApiVersion,
    severity: 'error',
    message: `apiVersion ${shown} ${what}; use one of: ${known.map(versionLabel).join(', ')}.`,
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
  // An expression is the template's own choice (a parameter, a variable): the fix leaves it as written.
  if (!node || choice.status === 'expression') return findings;
  return findings.map((f) => {
    const addedIn = f.code === Code.newerProperty ? f.data?.addedIn : undefined;
    if (typeof addedIn !== 'string') return f;
    const title = `Use api-version ${addedIn}${dropNote(choice.version, addedIn)}`;
    return { ...f, fix: { title, edits: [{ range: node.range, newText: replacementText(node, addedIn) }] } };
  });
}
