// `npm test` after the build: the packaged .vsix built and its file list checked, then lint, unit tests (node --test),
// the emulator's own tests, the official SDKs against the emulator, the integration suites in a real VS Code, and the
// smoke test of the installed .vsix, each in its own process. The package stage rewrites dist/, which the others read,
// so it runs first, alone; the integration suites (minutes, mostly waiting on the workbench) then run alongside the
// other stages, whose output is held and printed whole when each ends. ACI_DS_TEST_SERIAL=1 runs the stages one after
// another instead. Ends with the reliability summary and one line `N passed, N failed` over all stages; exits
// non-zero on any failure.
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readSummaries, SUMMARY_DIR } from './summary/record';
import { summaryLines } from './summary/print';

const OUT = path.resolve(__dirname, '..');
const ROOT = path.resolve(OUT, '..');

interface Stage {
  name: string;
  args: string[];
  /** Reads the stage's counts from one line of its output. */
  count(line: string, totals: Counts): void;
}

interface Counts {
  passed: number;
  failed: number;
  seen: boolean;
}

/**
 * Test files node --test runs at once: one more than the cores, as many files wait on sockets and child processes.
 * Each file runs in its own process, and the files share no state (temp folders, free ports).
 */
export const NODE_TEST_CONCURRENCY = os.availableParallelism() + 1;
const nodeTest = (...dirs: string[]) => [
  '--test',
  `--test-concurrency=${NODE_TEST_CONCURRENCY}`,
  '--test-reporter=spec',
  ...dirs.map((dir) => path.join(OUT, 'test', dir)).filter((dir) => fs.existsSync(dir)),
];

const PLAIN_RESULT = /^(\d+) passed, (\d+) failed$/;

/** A runner's closing line `N passed, N failed`. */
function plainCounts(line: string, t: Counts): void {
  const m = PLAIN_RESULT.exec(line.trim());
  if (!m) return;
  t.seen = true;
  t.passed = Number(m[1]);
  t.failed = Number(m[2]);
}

const VSIX_RUNNER = path.join(OUT, 'test', 'integration', 'vsix.js');
const VSIX_FILE = path.join(ROOT, 'test-results', 'aci-data-share.vsix');

/** node --test's closing counts (`ℹ pass N`, `ℹ fail N`). */
function nodeTestCounts(line: string, t: Counts): void {
  const m = /^ℹ (pass|fail) (\d+)$/.exec(line.trim());
  if (!m) return;
  t.seen = true;
  if (m[1] === 'pass') t.passed = Number(m[2]);
  else t.failed = Number(m[2]);
}

/** A stage without counts of its own (lint): one check, passed when it exits 0 (see main). */
const noCounts = (): void => undefined;

const STAGES: Stage[] = [
  {
    name: 'lint',
    // typescript-eslint over sources, tests and scripts (npm run lint): it reads the sources, not the build.
    args: [path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--max-warnings', '0', '.'],
    count: noCounts,
  },
  {
    name: 'unit',
    // Unit tests, and the contract tests that replay published and recorded service traffic (test/contract/).
    args: nodeTest('unit', 'contract'),
    count: nodeTestCounts,
  },
  {
    name: 'emulator',
    // The emulator's own tests: that it answers as the recorded and published services do (its faults, its clock).
    args: nodeTest('emulator/tests'),
    count: nodeTestCounts,
  },
  {
    name: 'sdk',
    // The official Azure SDKs driving the emulator: any shape they cannot read or path they send that it refuses fails.
    args: nodeTest('sdk'),
    count: nodeTestCounts,
  },
  {
    name: 'package',
    // The .vsix built (a production build into dist/, then the development one again) and its file list checked.
    args: [VSIX_RUNNER, '--phase', 'package', '--keep-vsix', VSIX_FILE],
    count: plainCounts,
  },
  {
    name: 'integration',
    args: [path.join(OUT, 'test', 'integration', 'run.js')],
    count: plainCounts,
  },
  {
    name: 'vsix',
    // That .vsix installed in a fresh VS Code: the smoke test inside it, and a notification shown as a toast to a user.
    args: [VSIX_RUNNER, '--phase', 'smoke', '--keep-vsix', VSIX_FILE],
    count: plainCounts,
  },
];

/** Runs a stage; with `hold`, its output is kept and printed in one piece when it ends (another stage streams). */
function runStage(stage: Stage, hold: boolean): Promise<Counts & { code: number }> {
  const started = Date.now();
  const held: string[] = [];
  const write = (out: NodeJS.WriteStream, text: string) => (hold ? held.push(text) : out.write(text));
  if (!hold) console.log(`\n=== ${stage.name} tests ===`);
  return new Promise((resolve) => {
    const counts: Counts = { passed: 0, failed: 0, seen: false };
    const child = spawn(process.execPath, stage.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          stage.count(line, counts);
          // A stage's own total would read like the run's closing line: tag it.
          write(out, PLAIN_RESULT.test(line.trim()) ? `[${stage.name}] ${line}\n` : `${line}\n`);
        }
      });
      stream.on('end', () => rest && write(out, `${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code) => {
      if (hold) process.stdout.write(`\n=== ${stage.name} tests ===\n${held.join('')}`);
      console.log(`[${stage.name}] took ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve({ ...counts, code: code ?? 1 });
    });
  });
}

const byName = (...names: string[]) => STAGES.filter((s) => names.includes(s.name));

/**
 * Steps run in turn; a step's lanes run at once, each its stages in order. The integration lane streams its output;
 * the other's is held. The package stage rewrites dist/ (which the unit and integration stages read): it runs first,
 * alone, and the installed package's checks then run beside the others.
 */
function plan(): Array<Array<{ stage: Stage; hold: boolean }>[]> {
  if (process.env.ACI_DS_TEST_SERIAL === '1') return STAGES.map((stage) => [[{ stage, hold: false }]]);
  return [
    [byName('package').map((stage) => ({ stage, hold: false }))],
    [byName('integration').map((stage) => ({ stage, hold: false })), byName('lint', 'unit', 'emulator', 'sdk', 'vsix').map((stage) => ({ stage, hold: true }))],
  ];
}

async function main(): Promise<void> {
  fs.rmSync(SUMMARY_DIR, { recursive: true, force: true });
  const started = Date.now();
  const results = new Map<string, string>();
  let passed = 0;
  let failed = 0;
  for (const step of plan()) {
    await Promise.all(
      step.map(async (lane) => {
        for (const { stage, hold } of lane) {
          const r = await runStage(stage, hold);
          if (stage.count === noCounts) Object.assign(r, { seen: true, passed: r.code === 0 ? 1 : 0, failed: r.code === 0 ? 0 : 1 });
          // A stage that printed no counts, or exited non-zero with none failed, still fails the run.
          const stageFailed = r.failed + (!r.seen || (r.code !== 0 && r.failed === 0) ? 1 : 0);
          passed += r.passed;
          failed += stageFailed;
          results.set(stage.name, `${stage.name}: ${r.passed} passed, ${stageFailed} failed`);
        }
      }),
    );
  }
  console.log('\n=== summary ===');
  for (const line of summaryLines(readSummaries(SUMMARY_DIR))) console.log(line);
  console.log(STAGES.map((stage) => results.get(stage.name)).join(' · '));
  console.log(`stages took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

void main();
