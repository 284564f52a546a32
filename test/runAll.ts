// `npm test` after the build: unit tests (node --test), the emulator's own tests, the official SDKs against the
// emulator, the integration suites in a real VS Code, and the smoke test of the packaged .vsix, each in its own
// process with its output streamed. Ends with the reliability summary and one line `N passed, N failed` over all
// stages; exits non-zero on any failure.
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { readSummaries, SUMMARY_DIR } from './summary/record';
import { summaryLines } from './summary/print';

const OUT = path.resolve(__dirname, '..');

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

const PLAIN_RESULT = /^(\d+) passed, (\d+) failed$/;

/** node --test's closing counts (`ℹ pass N`, `ℹ fail N`). */
function nodeTestCounts(line: string, t: Counts): void {
  const m = /^ℹ (pass|fail) (\d+)$/.exec(line.trim());
  if (!m) return;
  t.seen = true;
  if (m[1] === 'pass') t.passed = Number(m[2]);
  else t.failed = Number(m[2]);
}

const STAGES: Stage[] = [
  {
    name: 'unit',
    // Unit tests, and the contract tests that replay published and recorded service traffic (test/contract/).
    args: ['--test', '--test-reporter=spec', ...['unit', 'contract'].map((dir) => path.join(OUT, 'test', dir)).filter((dir) => fs.existsSync(dir))],
    count: nodeTestCounts,
  },
  {
    name: 'emulator',
    // The emulator's own tests: that it answers as the recorded and published services do (its faults, its clock).
    args: ['--test', '--test-reporter=spec', path.join(OUT, 'test', 'emulator', 'tests')],
    count: nodeTestCounts,
  },
  {
    name: 'sdk',
    // The official Azure SDKs driving the emulator: any shape they cannot read or path they send that it refuses fails.
    args: ['--test', '--test-reporter=spec', path.join(OUT, 'test', 'sdk')],
    count: nodeTestCounts,
  },
  ...(['integration/run.js', 'integration/vsix.js'] as const).map((file) => ({
    name: file.startsWith('integration/run') ? 'integration' : 'package',
    args: [path.join(OUT, 'test', file)],
    count(line: string, t: Counts) {
      const m = PLAIN_RESULT.exec(line.trim());
      if (!m) return;
      t.seen = true;
      t.passed = Number(m[1]);
      t.failed = Number(m[2]);
    },
  })),
];

function runStage(stage: Stage): Promise<Counts & { code: number }> {
  return new Promise((resolve) => {
    const counts: Counts = { passed: 0, failed: 0, seen: false };
    const child = spawn(process.execPath, stage.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          stage.count(line, counts);
          // A stage's own total would read like the run's closing line: tag it.
          out.write(PLAIN_RESULT.test(line.trim()) ? `[${stage.name}] ${line}\n` : `${line}\n`);
        }
      });
      stream.on('end', () => rest && out.write(`${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('exit', (code) => resolve({ ...counts, code: code ?? 1 }));
  });
}

async function main(): Promise<void> {
  fs.rmSync(SUMMARY_DIR, { recursive: true, force: true });
  const results: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const stage of STAGES) {
    console.log(`\n=== ${stage.name} tests ===`);
    const r = await runStage(stage);
    // A stage that printed no counts, or exited non-zero with none failed, still fails the run.
    const stageFailed = r.failed + (!r.seen || (r.code !== 0 && r.failed === 0) ? 1 : 0);
    passed += r.passed;
    failed += stageFailed;
    results.push(`${stage.name}: ${r.passed} passed, ${stageFailed} failed`);
  }
  console.log('\n=== summary ===');
  for (const line of summaryLines(readSummaries(SUMMARY_DIR))) console.log(line);
  console.log(results.join(' · '));
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

void main();
