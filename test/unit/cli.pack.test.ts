// The aci-validate package as pipelines install it: `npm pack` of this repository, installed offline into an
// empty project (the bundle needs no other package), then the installed command run on fixtures.
import assert from 'node:assert/strict';
import { spawnSync, SpawnSyncOptions } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

const REPO_ROOT = join(__dirname, '../../..');
const FIXTURES = join(REPO_ROOT, 'test/fixtures');
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const work = mkdtempSync(join(tmpdir(), 'aci-validate-pack-'));
const project = join(work, 'project');
const BOUND_MS = 120_000;

function npm(args: string[], cwd: string): string {
  const options: SpawnSyncOptions = { cwd, encoding: 'utf8', timeout: BOUND_MS, env: { ...process.env, npm_config_update_notifier: 'false' } };
  const r = spawnSync('npm', args, options);
  assert.equal(r.status, 0, `npm ${args.join(' ')}: ${String(r.stderr)}`);
  return String(r.stdout);
}

const installed = (...args: string[]) => spawnSync(join(project, 'node_modules', '.bin', 'aci-validate'), args, { encoding: 'utf8', cwd: project, timeout: BOUND_MS });

describe('the packed aci-validate', { timeout: 3 * BOUND_MS }, () => {
  let files: string[] = [];

  before(() => {
    const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], REPO_ROOT)) as { filename: string; files: { path: string }[] }[];
    files = packed.files.map((f) => f.path).sort();
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'pipeline', version: '1.0.0', private: true }));
    npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(work, packed.filename)], project);
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('holds the command and its bundle alone: no sources, tests or extension bundles', () => {
    assert.deepEqual(files, ['LICENSE', 'README.md', 'dist/aci-validate.js', 'dist/cli.js', 'package.json']);
  });

  it('installs without other packages', () => {
    const modules = readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.'));
    assert.deepEqual(modules, [manifest.name]);
  });

  it('runs from node_modules/.bin with the documented output and exit codes', () => {
    const broken = join(FIXTURES, 'workspace/definitions/broken.aci.json');
    const bad = installed(broken);
    assert.equal(bad.status, 1, bad.stderr);
    assert.ok(bad.stdout.startsWith(`${broken}:3:3: error: Missing required property 'osType' in 'properties'; add it. [ACI001]\n`), bad.stdout);
    const good = installed(join(FIXTURES, 'definitions/rest-create-priority.json'));
    assert.equal(good.status, 0, good.stderr);
    assert.equal(installed(join(work, 'missing.yaml')).status, 2);
    assert.equal(installed('--version').stdout, `${manifest.version}\n`);
  });

  it('writes SARIF that names its version', () => {
    const r = installed('--format', 'sarif', join(FIXTURES, 'workspace/definitions/broken.aci.json'));
    assert.equal(r.status, 1, r.stderr);
    const log = JSON.parse(r.stdout) as { version: string; runs: { tool: { driver: { name: string; version: string } }; results: { ruleId: string }[] }[] };
    assert.equal(log.version, '2.1.0');
    assert.deepEqual(log.runs[0].tool.driver, { ...log.runs[0].tool.driver, name: 'aci-validate', version: manifest.version });
    assert.ok(log.runs[0].results.some((x) => x.ruleId === 'ACI001'));
  });
});
