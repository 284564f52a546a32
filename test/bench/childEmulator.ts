/**
 * The ARM emulator in its own process, so a benchmark's client and server do not share one thread:
 * the serving time it reports is then the server's alone.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as path from 'path';
import { STATS_PATH } from '../emulator/server';

export interface ChildEmulator {
  url: string;
  /** Requests served, time spent serving them, TCP connections accepted. */
  stats(): Promise<{ requests: number; servingMs: number; connections: number }>;
  resetStats(): Promise<void>;
  close(): Promise<void>;
}

export async function startChildEmulator(): Promise<ChildEmulator> {
  const main = path.resolve(__dirname, '../emulator/main.js');
  const child: ChildProcess = spawn(process.execPath, [main, '--port', '0', '--retry-after', '0', '--quiet'], {
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
  const stats = async (suffix = '') => (await (await fetch(`${url}${STATS_PATH}${suffix}`)).json()) as { requests: number; servingMs: number; connections: number };
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
