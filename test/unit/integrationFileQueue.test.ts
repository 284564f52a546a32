// The queue that shares an integration suite's files among windows: each file handed out once, the largest first,
// then `{}` to every window; the windows' `.last` files (the secret scan) are never queued, each window runs its own.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { startFileQueue } from '../integration/fileQueue';
import { suiteWindows, SUITES } from '../integration/suites';

async function next(url: string, window: string): Promise<string | undefined> {
  const res = await fetch(`${url}?window=${window}`);
  return ((await res.json()) as { file?: string }).file;
}

test('each file is handed out once, largest first, to whichever window asks; then none', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-queue-'));
  const files = ['a.test.js', 'b.test.js', 'c.test.js'].map((name, i) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, 'x'.repeat([10, 300, 20][i]));
    return file;
  });
  const queue = await startFileQueue(files);
  try {
    const got = [await next(queue.url, 'w1'), await next(queue.url, 'w2'), await next(queue.url, 'w2'), await next(queue.url, 'w1')];
    assert.deepEqual(got.map((f) => f && path.basename(f)), ['b.test.js', 'c.test.js', 'a.test.js', undefined]);
    assert.deepEqual(queue.taken.map((t) => t.window), ['w1', 'w2', 'w2']);
    assert.equal(await next(queue.url, 'w2'), undefined);
  } finally {
    await queue.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the workspace suite runs in two windows; ACI_DS_TEST_WINDOWS=1 runs one', () => {
  const workspace = SUITES.find((s) => s.name === 'workspace')!;
  const saved = process.env.ACI_DS_TEST_WINDOWS;
  try {
    delete process.env.ACI_DS_TEST_WINDOWS;
    assert.equal(suiteWindows(workspace), 2);
    process.env.ACI_DS_TEST_WINDOWS = '1';
    assert.equal(suiteWindows(workspace), 1);
    process.env.ACI_DS_TEST_WINDOWS = 'many';
    assert.equal(suiteWindows(workspace), 2, 'a value that is no count is ignored');
  } finally {
    if (saved === undefined) delete process.env.ACI_DS_TEST_WINDOWS;
    else process.env.ACI_DS_TEST_WINDOWS = saved;
  }
});
