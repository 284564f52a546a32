// The published CreateOrUpdate examples of each stable api-version: clean in the editor but for the findings the
// documentation demands, and deployed to the emulator at their own api-version (its request log shows it).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ArmClient } from '../../../src/core/arm/client';
import { deployBody, prepareDeploy } from '../../../src/core/deploy/deployContainerGroup';
import { validateText } from '../../../src/core/validation';
import { type Emulator } from '../../emulator/server';
import { startTestEmulator } from '../../emulator/testEmulator';
import createOrUpdate2023 from '../containerGroups/createOrUpdate-example.json';
import createPriority2023 from '../containerGroups/createPriority-example.json';
import secretReference from './2025-09-01-secretReference.json';
import standbyPool from './2025-09-01-standbyPool.json';
import priority2025 from './2025-09-01-priority.json';
import confidential2025 from './2025-09-01-confidential.json';
import encryption2025 from './2025-09-01-encryption.json';
import createOrUpdate2025 from './2025-09-01-createOrUpdate.json';
import confidential2023 from './2023-05-01-confidential.json';
import encryption2023 from './2023-05-01-encryption.json';
import extensions2023 from './2023-05-01-extensions.json';
import extensions2025 from './2025-09-01-extensions.json';
import { signedInClient } from '../../unit/armHarness';

interface Example {
  source: string;
  apiVersion: string;
  name: string;
  containerGroup: Record<string, unknown>;
  /** Findings the documentation demands (codes), e.g. a GPU request since GPU groups were retired. */
  expected: string[];
  /** Values for the example's own placeholders (`<key version>`), which deploy refuses to send as they are. */
  fill?: Record<string, string>;
}

/** The 2023-05-01 replay fixtures carry the published body as `definition`. */
const from2023 = (f: { source: string; definition: Record<string, unknown> }, name: string, expected: string[]): Example => ({ source: f.source, apiVersion: '2023-05-01', name, containerGroup: f.definition, expected });

const EXAMPLES: Example[] = [
  // GPU container groups were retired on 2025-07-14 (finding ACI319), which these examples still ask for.
  from2023(createOrUpdate2023, 'cg-create-2023', ['ACI319']),
  from2023(createPriority2023, 'cg-priority-2023', []),
  { ...confidential2023, name: 'cg-confidential-2023', expected: [] },
  { ...encryption2023, name: 'cg-encryption-2023', expected: ['ACI211'], fill: { '<key version>': '0123456789abcdef0123456789abcdef' } },
  { ...extensions2023, name: 'cg-extensions-2023', expected: [] },
  { ...createOrUpdate2025, name: 'cg-create-2025', expected: ['ACI319'] },
  { ...secretReference, name: 'cg-secretref-2025', expected: ['ACI319'] },
  { ...standbyPool, name: 'cg-standby-2025', expected: [] },
  { ...priority2025, name: 'cg-priority-2025', expected: [] },
  { ...confidential2025, name: 'cg-confidential-2025', expected: [] },
  { ...extensions2025, name: 'cg-extensions-2025', expected: [] },
  // The example leaves its key version as '<key version>': flagged as a placeholder (ACI211), filled in to deploy.
  { ...encryption2025, name: 'cg-encryption-2025', expected: ['ACI211'], fill: { '<key version>': '0123456789abcdef0123456789abcdef' } },
];

const SUB = '00000000-0000-0000-0000-0000000000a5';
const RG = 'rg-versions';
let emu: Emulator;
let client: ArmClient;

before(async () => {
  emu = await startTestEmulator({ quiet: true });
  client = signedInClient(emu, { userAgent: 'versions-test' });
});
after(() => emu.close());

const CLI = join(__dirname, '../../../src/cli/aci-validate.js');
const dir = mkdtempSync(join(tmpdir(), 'aci-versions-'));

const fileText = (e: Example) => JSON.stringify({ apiVersion: e.apiVersion, name: e.name, ...e.containerGroup }, null, 2);
const fileOf = (e: Example) => join(dir, `${e.name}.aci.json`);
const exitFor = (e: Example) => (e.expected.includes('ACI319') ? 1 : 0);

interface CliRun {
  files: { file: string; findings: { code: string; severity: string }[] }[];
  status: number | null;
  stdout: string;
}
/**
 * aci-validate run once over the examples expected to exit with `exit` (a start of the command costs more than
 * checking a file): every example's report, and the exit code of the run.
 */
const cliRuns = new Map<number, CliRun>();
function cliRun(exit: number): CliRun {
  const known = cliRuns.get(exit);
  if (known) return known;
  const examples = EXAMPLES.filter((e) => exitFor(e) === exit);
  for (const e of examples) writeFileSync(fileOf(e), fileText(e));
  const r = spawnSync(process.execPath, [CLI, '--format', 'json', ...examples.map(fileOf)], { encoding: 'utf8' });
  const run: CliRun = { files: JSON.parse(r.stdout) as CliRun['files'], status: r.status, stdout: r.stdout };
  cliRuns.set(exit, run);
  return run;
}

describe('published CreateOrUpdate examples of every stable api-version', () => {
  for (const example of EXAMPLES) {
    it(`${example.apiVersion} ${example.source.split('/').pop()?.split(' ')[0]}: clean in the editor but for ${example.expected.join(', ') || 'nothing'}`, () => {
      assert.ok(example.source.includes(example.apiVersion), 'the fixture names its published source at its version');
      const { findings } = validateText(fileText(example), `${example.name}.json`);
      assert.deepEqual(findings.map((f) => f.code), example.expected, findings.map((f) => `${f.code} ${f.message}`).join('\n'));
    });

    it(`${example.apiVersion} ${example.name}: aci-validate reports the same`, () => {
      const exit = exitFor(example);
      const run = cliRun(exit);
      const file = run.files.find((f) => f.file === fileOf(example));
      assert.ok(file, run.stdout);
      assert.deepEqual(file.findings.map((f) => f.code), example.expected, run.stdout);
      // The exit code is 1 when a file has an error: the run of the files expected clean exits 0, that of the others 1.
      assert.equal(file.findings.some((f) => f.severity === 'error'), exit === 1, run.stdout);
      assert.equal(run.status, exit, 'exits 1 only for the GPU error');
    });

    it(`${example.apiVersion} ${example.name}: deploys to the emulator at api-version ${example.apiVersion}`, async () => {
      const target = { subscriptionId: SUB, resourceGroup: RG, name: example.name, location: 'westeurope' };
      const text = Object.entries(example.fill ?? {}).reduce((t, [from, to]) => t.split(from).join(to), fileText(example));
      const prepared = await prepareDeploy(text, `${example.name}.json`, target, () => undefined);
      assert.equal(prepared.apiVersion, example.apiVersion);
      const before = emu.requests.length;
      const run = await deployBody(client, target, prepared.body, { apiVersion: prepared.apiVersion, sleep: async () => undefined });
      assert.equal(run.group.provisioningState, 'Succeeded');
      const puts = emu.requests.slice(before).filter((r) => r.method === 'PUT' && r.path.includes(`/containerGroups/${example.name}?`));
      assert.deepEqual(puts.map((r) => [r.path.split('?')[1], r.status]), [[`api-version=${example.apiVersion}`, 201]]);
    });
  }
});
