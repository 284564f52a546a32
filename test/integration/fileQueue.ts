// The files of a suite run in several workbench windows at once: each window's tests entry asks this queue for its
// next file over HTTP on 127.0.0.1, so a window that finishes early takes more, and no file runs twice. The largest
// files go first so that the last one handed out is short and the windows end close together.
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';

export interface FileQueue {
  /** The URL the tests entry reads (ACI_DS_TEST_QUEUE): GET answers `{"file": …}`, or `{}` when none is left. */
  url: string;
  /** Files handed out so far, with the window that took each. */
  readonly taken: ReadonlyArray<{ file: string; window: string }>;
  close(): Promise<void>;
}

/** Largest first: a file's compiled size stands for how long it runs (deploys and waits are written out in it). */
export function byWeight(files: readonly string[]): string[] {
  const size = new Map(files.map((f) => [f, fs.statSync(f).size]));
  return [...files].sort((a, b) => size.get(b)! - size.get(a)! || (a < b ? -1 : 1));
}

export async function startFileQueue(files: readonly string[]): Promise<FileQueue> {
  const waiting = byWeight(files);
  const taken: Array<{ file: string; window: string }> = [];
  const server = http.createServer((req, res) => {
    const window = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('window') ?? '?';
    const file = waiting.shift();
    if (file) taken.push({ file, window });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(file ? { file } : {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/next`,
    taken,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
