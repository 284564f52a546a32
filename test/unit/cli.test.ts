import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const CLI = join(__dirname, '../../src/cli/aci-validate.js');
const FIXTURES = join(__dirname, '../../../test/fixtures/definitions');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
const dir = mkdtempSync(join(tmpdir(), 'aci-validate-'));

describe('aci-validate CLI', () => {
  it('prints FILE:LINE:COL: severity: message [CODE] and exits 0 without errors', () => {
    const file = join(FIXTURES, 'docs-quickstart-multi-container.yaml');
    const r = run(file);
    assert.equal(r.status, 0);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines[0], `${file}:1:13: warning: Unquoted 2019-12-01 is read as a date by YAML 1.1 readers (az container create). Quote it: '2019-12-01'. [ACI106]`);
    assert.ok(lines.includes(`${file}:12:11: warning: Write 'memoryInGb' as 'memoryInGB' (the documented spelling). [ACI200]`));
  });

  it('exits 1 when a file has an error', () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'properties:\n  osType: Linux\n');
    const r = run(file);
    assert.equal(r.status, 1);
    assert.equal(r.stdout, `${file}:1:1: error: Missing required property 'containers' in 'properties'; add it. [ACI001]\n`);
  });

  it('reports syntax errors with line and column', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{\n  "properties": {,}\n}');
    const r = run(file);
    assert.equal(r.status, 1);
    assert.ok(r.stdout.split('\n').includes(`${file}:2:18: error: Expected a value. [ACI100]`), r.stdout);
  });

  it('--format json gives structured findings', () => {
    const file = join(FIXTURES, 'rest-create-full.json');
    const r = run('--format', 'json', file);
    // The published example still requests a GPU: an error since GPU container groups were retired on 2025-07-14.
    assert.equal(r.status, 1);
    const out = JSON.parse(r.stdout);
    assert.equal(out[0].file, file);
    assert.deepEqual(out[0].findings.map((f: { code: string }) => f.code), ['ACI319']);
    assert.equal(typeof out[0].findings[0].line, 'number');
  });

  it('exits 2 on an unreadable file and on bad usage; --help exits 0', () => {
    const missing = run(join(dir, 'nope.yaml'));
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /cannot read: ENOENT/);
    assert.equal(run().status, 2);
    assert.equal(run('--format', 'xml', 'a').status, 2);
    const help = run('--help');
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage: aci-validate/);
  });

  it('checks several files and fails when any has an error', () => {
    const bad = join(dir, 'bad2.yaml');
    writeFileSync(bad, 'properties: {osType: Linux, containers: []}\nname: Bad_Name\n');
    const r = run(join(FIXTURES, 'rest-create-priority.json'), bad);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /bad2\.yaml:2:7: error: Container group name 'Bad_Name' must be/);
  });
});
