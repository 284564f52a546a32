/**
 * The api-version finding of a container group profile or NGroups resource at a version without that resource
 * type: the versions that have it are offered, each as a quick fix.
 */
import { Code } from '../definition/findingCodes';
import { Finding, PathSegment } from '../definition/types';
import { SchemaChoice, versionLabel } from '../schema/apiVersion';
import { ResourceKind } from '../schema/resourceKinds';
import { replacementText } from './fixText';

export function kindVersionFindings(kind: ResourceKind, choice: SchemaChoice & { versions?: string[] }, prefix: PathSegment[]): Finding[] {
  const node = choice.node;
  // No apiVersion: checked against the first version that has the type, which deploy then uses.
  if (!node || choice.status === 'absent') return [];
  const known = choice.versions ?? [choice.version];
  const range = node.range;
  const path = [...prefix, 'apiVersion'];
  if (choice.status === 'expression') {
    return [{ code: Code.apiVersion, severity: 'info', message: `apiVersion ${choice.requested} is a template expression, known only when ARM deploys the template: this ${kind.noun} is checked against ${choice.version}.`, range, path, data: { checkedAgainst: choice.version } }];
  }
  const shown = choice.status === 'notText' ? String(choice.requested) : `'${choice.requested}'`;
  return [{
    code: Code.unknownApiVersion,
    severity: 'error',
    message: `apiVersion ${shown} has no ${kind.type} schema in this extension; use one of: ${known.map(versionLabel).join(', ')}.`,
    range,
    path,
    data: { known },
    moreFixes: known.map((v) => ({ title: `Use api-version ${v}`, edits: [{ range, newText: replacementText(node, v) }] })),
  }];
}
