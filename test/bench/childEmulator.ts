/**
 * The ARM emulator in its own process, so a benchmark's client and server do not share one thread:
 * the serving time it reports is then the server's alone.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as path from 'path';
import type { LatencyStats } from '../emulator/latency';
import { STATS_PATH } from '../emulator/server';

export interface ChildStats {
  requests: number;
  servingMs: number;
  connections: number;
  /** The latency mode's counts (latency.ts). */
  latency: LatencyStats;
}

export interface ChildEmulator {
  url: string;
  /** Requests served, time spent serving them, TCP connections accepted, round trips. */
  stats(): Promise<ChildStats>;
  resetStats(): Promise<void>;
  close(): Promise<void>;
}

/** `args`: more of main.ts's flags, e.g. `--latency-ms 100`. */
export async function startChildEmulator(args: string[] = []): Promise<ChildEmulator> {
  const main = path.resolve(__dirname, '../emulator/main.js');
  const child: ChildProcess = spawn(process.execPath, [main, '--port', '0', '--retry-after', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the emulator did not start within 20 s')), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code})`)));
  });
  const stats = async (suffix = '') => (await (await fetch(`${url}${STATS_PATH}${suffix}`)).json()) as ChildStats;
  return {
    url,
    stats: () => stats(),
    resetStats: async () => {
      await stats('/reset');
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
