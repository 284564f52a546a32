// aci-validate on a Compose file: the conversion's findings on their lines (exit 1 when something blocks it),
// the converted definition checked too, SARIF results under the compose.* rules.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Log } from 'sarif';

const CLI = join(__dirname, '../../src/cli/aci-validate.js');
const DIR = join(__dirname, '../../../test/contract/compose/awesome-compose');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: DIR, env: { PATH: process.env.PATH } });

describe('aci-validate on Compose files', () => {
  it('a file ACI can host: exit 0, warnings for what changes, nothing from the converted definition', () => {
    const r = run('wordpress-mysql/compose.yaml');
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^wordpress-mysql\/compose\.yaml:25:9: warning: WORDPRESS_DB_HOST names db, .* \[compose\.hostnames\]$/m);
    assert.doesNotMatch(r.stdout, /In the converted definition/);
    // The values become references; the CLI never prints them.
    assert.doesNotMatch(r.stdout, /somewordpress/);
  });

  it('a file it cannot host: exit 1 and the error on the line that blocks it', () => {
    const r = run('flask-redis/compose.yaml');
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^flask-redis\/compose\.yaml:7:5: error: Service web has no image \(only build:\).* \[compose\.build\]$/m);
    assert.match(r.stdout, /^flask-redis\/compose\.yaml:16:9: error: \. is a folder of this machine.* \[compose\.bindMount\]$/m);
  });

  it('SARIF: results under compose.* rules, each rule described with its source', () => {
    const r = run('--format', 'sarif', 'minecraft/compose.yaml');
    const log = JSON.parse(r.stdout) as Log;
    const run0 = log.runs[0];
    const result = run0.results?.find((x) => x.ruleId === 'compose.bindMount');
    assert.equal(result?.level, 'error');
    assert.deepEqual(result?.locations?.[0].physicalLocation?.region?.startLine, 13);
    const rule = run0.tool.driver.rules?.[result?.ruleIndex ?? -1];
    assert.equal(rule?.id, 'compose.bindMount');
    assert.match(rule?.shortDescription?.text ?? '', /Compose specification/);
  });
});
