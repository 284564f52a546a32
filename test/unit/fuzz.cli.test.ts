// The aci-validate CLI on hostile input: damaged and random definitions, bytes that are not UTF-8, BOM and CRLF,
// a file of the largest size read (5 MB), unreadable paths. It must answer in its documented format with exit 0/1 (2 for unreadable
// input), never crash with a stack trace, and never print a secret value from the file.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { fuzzRuns } from './fuzzSeed';
import { writeSummary } from '../summary/record';
import { runAciValidate, type CliResult } from '../aciValidateRun';
import { MAX_DEFINITION_BYTES } from '../../src/core/definition/fileLimits';
import { API_VERSION, groupYaml } from '../definitionTexts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-fuzz-cli-'));
/** Bound for one run; a frozen CLI fails the case instead of stalling the suite. */
const RUN_BOUND_MS = 120_000;
const LINE = /^(.+):(\d+):(\d+): (error|warning|info): (.+) \[([A-Z]+\d+)\]$/;
let cases = 0;
after(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  writeSummary('fuzz', 'unit-fuzz-cli', cases);
});

/** One run of the CLI over `files` (one start checks many: the start costs more than a small file). */
function cli(...files: string[]) {
  cases += files.length;
  const r = runAciValidate(files, { timeoutMs: RUN_BOUND_MS });
  assert.equal(r.error, undefined, `the CLI ran to the end: ${r.error?.message}`);
  assert.doesNotMatch(r.stderr, /\n\s+at .+:\d+:\d+\)?\n/, 'no stack trace');
  return r;
}

function write(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

/**
 * Exit 0/1 agrees with the lines, every line has the documented shape and points inside the file it names,
 * one of `files` (as the CLI read them: the content as UTF-8).
 */
function assertWellFormed(files: string[], r: CliResult): void {
  assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}: ${r.stderr.slice(0, 300)}`);
  const fileLines = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8').split(/\r\n|\r|\n|\u2028|\u2029/).length]));
  const lines = r.stdout.split('\n').filter((l) => l.length > 0);
  for (const line of lines) {
    const m = LINE.exec(line);
    assert.ok(m, `format: ${JSON.stringify(line.slice(0, 200))}`);
    const count = fileLines.get(m[1]);
    assert.ok(count !== undefined, `a file checked: ${m[1]}`);
    assert.ok(Number(m[2]) >= 1 && Number(m[2]) <= count + 1, `line ${m[2]} of ${count} in ${m[1]}`);
    assert.ok(Number(m[3]) >= 1);
  }
  assert.equal(r.status === 1, lines.some((l) => LINE.exec(l)?.[4] === 'error'));
}

const SEED_YAML = groupYaml({
  top: { apiVersion: API_VERSION, name: 'web', location: 'westeurope' },
  containerName: 'app',
  container: ['resources: {requests: {cpu: 1, memoryInGB: 1.5}}', 'environmentVariables:', '- name: DB', '  secureValue: cli-Plain-Secret-41f0'],
  after: ['volumes:', '- name: s', '  secret: {token: Y2xpLVZvbHVtZS1TZWNyZXQ=}'],
});
const SECRETS = ['cli-Plain-Secret-41f0', 'Y2xpLVZvbHVtZS1TZWNyZXQ='];

describe('aci-validate on hostile input', () => {
  it('random damage to a YAML and a JSON definition: documented lines and exit codes, no secret printed', () => {
    const seedJson = JSON.stringify({ location: 'westeurope', properties: { osType: 'Linux', containers: [{ name: 'a', properties: { image: 'x', environmentVariables: [{ name: 'P', secureValue: SECRETS[0] }] } }] } }, null, 2);
    const damage = fc.array(fc.tuple(fc.nat(), fc.nat({ max: 10 }), fc.oneof(fc.constantFrom('\t', '\r\n', '\uFEFF', '{', '[', '"', ': ', '- ', '\u0000', '\uD800'), fc.string({ maxLength: 6 }))), { maxLength: 6 });
    const samples = fc.sample(fc.tuple(fc.constantFrom(['yaml', SEED_YAML], ['json', seedJson]), damage), { numRuns: fuzzRuns(24), seed: 4242 });
    const files = samples.map(([[ext, seed], edits], i) => {
      const text = edits.reduce((t, [at, del, ins]) => {
        const k = at % (t.length + 1);
        return t.slice(0, k) + ins + t.slice(k + del);
      }, seed);
      return write(`damaged-${i}.aci.${ext}`, text);
    });
    const r = cli(...files);
    assertWellFormed(files, r);
    for (const s of SECRETS) {
      const printed = (r.stdout + r.stderr).split('\n').find((l) => l.includes(s));
      assert.equal(printed, undefined, `secret printed: ${printed}`);
    }
  });

  it('BOM, CRLF, tabs and bytes that are not UTF-8', () => {
    const variants: Array<[string, string | Buffer]> = [
      ['bom.aci.yaml', `\uFEFF${SEED_YAML}`],
      ['crlf.aci.yaml', SEED_YAML.replace(/\n/g, '\r\n')],
      ['tabs.aci.yaml', SEED_YAML.replace(/^ {2}/gm, '\t')],
      ['latin1.aci.yaml', Buffer.from(SEED_YAML.replace('nginx', 'ngïnx'), 'latin1')],
      ['invalid-utf8.aci.json', Buffer.concat([Buffer.from('{"location": "'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')])],
      ['utf16.aci.json', Buffer.from(`\uFEFF{"location": "westeurope"}`, 'utf16le')],
      ['binary.aci.yaml', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256))],
      ['empty.aci.yaml', ''],
    ];
    const files = variants.map(([name, content]) => write(name, content));
    const r = cli(...files);
    assertWellFormed(files, r);
    // Every variant was read and checked: each has findings (a file with no container group has some too).
    for (const file of files) assert.ok(r.stdout.split('\n').some((l) => l.startsWith(`${file}:`)), `findings for ${file}:\n${r.stdout}`);
    for (const s of SECRETS) assert.ok(!r.stdout.includes(s), `secret printed: ${s}`);
  });

  it('unreadable input exits 2 with a message naming the file', () => {
    const missing = path.join(dir, 'missing.aci.yaml');
    for (const [target, reason] of [[missing, 'E[A-Z]+'], [dir, 'not a regular file .*']]) {
      const r = cli(target);
      assert.equal(r.status, 2);
      assert.match(r.stderr, new RegExp(`^${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: cannot read: ${reason}\\n$`));
    }
  });

  it('a definition of the largest size read (5 MB) is checked to the end without a crash', { timeout: RUN_BOUND_MS + 10_000 }, () => {
    const item = '  - name: c\n    properties: {image: x, resources: {requests: {cpu: 1, memoryInGB: 1}}}\n';
    const head = 'properties:\n  osType: Linux\n  containers:\n';
    const content = `${head}${item.repeat(Math.floor((MAX_DEFINITION_BYTES - head.length) / item.length))}`;
    const file = write('big.aci.yaml', content);
    const r = cli(file);
    assertWellFormed([file], r);
    assert.equal(r.status, 1);
    assert.ok(r.stdout.includes('A container group can hold at most 60 containers'), r.stdout.slice(0, 500));
  });
});
