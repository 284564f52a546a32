// aci-validate --format sarif: a SARIF 2.1.0 log with every finding code described as a rule, results with
// 1-based regions, and the same exit codes as the other formats.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import type { Log } from 'sarif';
import { Code } from '../../src/core/definition/findingCodes';
import { COMPOSE_RULES } from '../../src/core/compose/rules';

const CLI = join(__dirname, '../../src/cli/aci-validate.js');
const FIXTURES = join(__dirname, '../../../test/fixtures/definitions');
const dir = mkdtempSync(join(tmpdir(), 'aci-validate-sarif-'));
const run = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [CLI, '--format', 'sarif', ...args], { encoding: 'utf8', cwd });
const parse = (stdout: string) => JSON.parse(stdout) as Log;

describe('aci-validate --format sarif', () => {
  writeFileSync(join(dir, 'bad.aci.yaml'), 'properties:\n  osType: Linux\nname: Bad_Name\n');

  it('has the SARIF 2.1.0 header and one run of aci-validate whose rules are every finding code', () => {
    const r = run(dir, 'bad.aci.yaml');
    const log = parse(r.stdout);
    assert.equal(log.version, '2.1.0');
    assert.equal(log.$schema, 'https://json.schemastore.org/sarif-2.1.0.json');
    assert.equal(log.runs.length, 1);
    const driver = log.runs[0].tool.driver;
    assert.equal(driver.name, 'aci-validate');
    const rules = driver.rules ?? [];
    assert.deepEqual(rules.map((x) => x.id), [...Object.values(Code), ...Object.keys(COMPOSE_RULES).map((r) => `compose.${r}`)].sort());
    for (const rule of rules) {
      assert.match(rule.name ?? '', /^[A-Z][A-Za-z0-9]+$/, rule.id);
      assert.ok((rule.shortDescription?.text.length ?? 0) > 10, `${rule.id} is described`);
      assert.ok(['error', 'warning', 'note'].includes(String(rule.defaultConfiguration?.level)), rule.id);
    }
  });

  it('gives each finding as a result: rule, level, message and a 1-based region in a file relative to SRCROOT', () => {
    const r = run(dir, 'bad.aci.yaml');
    assert.equal(r.status, 1, 'an error exits 1, as in the other formats');
    const run0 = parse(r.stdout).runs[0];
    assert.equal(run0.columnKind, 'utf16CodeUnits');
    assert.equal(run0.originalUriBaseIds?.SRCROOT.uri, pathToFileURL(dir + '/').href);
    const results = run0.results ?? [];
    const rules = run0.tool.driver.rules ?? [];
    const required = results.find((x) => x.ruleId === 'ACI001');
    assert.ok(required, JSON.stringify(results));
    assert.equal(required.level, 'error');
    assert.equal(required.message.text, "Missing required property 'containers' in 'properties'; add it.");
    assert.deepEqual(required.locations?.[0].physicalLocation?.artifactLocation, { uri: 'bad.aci.yaml', uriBaseId: 'SRCROOT' });
    const name = results.find((x) => x.ruleId === 'ACI313');
    // `name: Bad_Name` on line 3: the value spans columns 7 to 15, the end exclusive.
    assert.deepEqual(name?.locations?.[0].physicalLocation?.region, { startLine: 3, startColumn: 7, endLine: 3, endColumn: 15 });
    for (const x of results) {
      assert.equal(rules[x.ruleIndex ?? -1]?.id, x.ruleId, 'ruleIndex points at the rule');
      assert.ok(['error', 'warning', 'note'].includes(String(x.level)));
    }
  });

  it('exits 0 on clean files with an empty result list; absolute paths become file URIs', () => {
    const file = join(FIXTURES, 'rest-create-priority.json');
    const r = run(dir, file);
    assert.equal(r.status, 0, r.stderr);
    const run0 = parse(r.stdout).runs[0];
    assert.ok(Array.isArray(run0.results));
    for (const x of run0.results ?? []) assert.equal(x.locations?.[0].physicalLocation?.artifactLocation?.uri, pathToFileURL(file).href);
    assert.equal(run0.invocations?.[0].executionSuccessful, true);
  });

  it('exits 2 on an unreadable file, reported as a tool notification and on stderr', () => {
    const r = run(dir, 'missing.aci.yaml', 'bad.aci.yaml');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^missing\.aci\.yaml: cannot read: ENOENT$/m);
    const run0 = parse(r.stdout).runs[0];
    assert.equal(run0.invocations?.[0].executionSuccessful, false);
    const note = run0.invocations?.[0].toolExecutionNotifications?.[0];
    assert.equal(note?.level, 'error');
    assert.equal(note?.locations?.[0].physicalLocation?.artifactLocation?.uri, 'missing.aci.yaml');
    assert.ok((run0.results ?? []).some((x) => x.ruleId === 'ACI001'), 'the readable file is still checked');
  });
});
