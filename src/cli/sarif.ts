/**
 * SARIF 2.1.0 (OASIS) output for code-scanning dashboards: one run, every finding code described as a rule,
 * each finding a result with its file and region. Unreadable files are tool notifications.
 */
import { isAbsolute, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ArtifactLocation, Log, ReportingConfiguration, Result } from 'sarif';
import { Code } from '../core/definition/findingCodes';
import { Severity } from '../core/definition/types';
import { FileReport } from './fileReport';
import { COMPOSE_RULES, composeCode, type ComposeRuleId } from '../core/compose/rules';
import { CodeName, RULES } from './rules';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const LEVEL: Record<Severity, ReportingConfiguration.level & Result.level> = { error: 'error', warning: 'warning', info: 'note' };
const SRCROOT = 'SRCROOT';

/** Compose findings are warnings mostly; each still carries its own severity. */
const COMPOSE_LEVEL: Severity = 'warning';
const capital = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
const rules = [
  ...(Object.keys(RULES) as CodeName[]).map((name) => ({ id: Code[name], name: capital(name), ...RULES[name] })),
  // The Compose conversion's rules (a Compose file given to aci-validate), their sources in the description.
  ...(Object.keys(COMPOSE_RULES) as ComposeRuleId[]).map((rule) => ({
    id: composeCode(rule),
    name: `Compose${capital(rule)}`,
    description: `${COMPOSE_RULES[rule].title} (${COMPOSE_RULES[rule].source}).`,
    level: COMPOSE_LEVEL,
  })),
]
  .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));

/** A relative path stays relative to the working directory (SRCROOT); an absolute one becomes a file URI. */
function artifactLocation(file: string): ArtifactLocation {
  if (isAbsolute(file)) return { uri: pathToFileURL(file).href };
  return { uri: file.split(sep).join('/').split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

export function sarifLog(reports: FileReport[], cwd: string, version: string | undefined): Log {
  const results: Result[] = reports.flatMap((r) =>
    r.findings.map((f) => ({
      ruleId: f.code,
      ...(ruleIndex.has(f.code) ? { ruleIndex: ruleIndex.get(f.code) } : {}),
      level: LEVEL[f.severity],
      message: { text: f.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifactLocation(r.file),
            region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
          },
        },
      ],
    })),
  );
  const unreadable = reports.filter((r) => r.readError);
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'aci-validate',
            ...(version ? { version } : {}),
            rules: rules.map((r) => ({
              id: r.id,
              name: r.name,
              shortDescription: { text: r.description },
              defaultConfiguration: { level: LEVEL[r.level] },
            })),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(cwd.endsWith(sep) ? cwd : cwd + sep).href } },
        columnKind: 'utf16CodeUnits',
        invocations: [
          {
            executionSuccessful: unreadable.length === 0,
            toolExecutionNotifications: unreadable.map((r) => ({
              level: 'error',
              message: { text: `cannot read: ${r.readError}` },
              locations: [{ physicalLocation: { artifactLocation: artifactLocation(r.file) } }],
            })),
          },
        ],
        results,
      },
    ],
  };
}
