// The language worker's time budget: a job that never ends (injected in front of the real worker, as a
// pathological document would be) is abandoned, the other document's checks are answered by a new worker,
// and the stopped document gets one informational finding until it is closed and opened again.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { LanguageWorkerClient } from '../../src/core/languageService/client';
import type { Versioned } from '../../src/core/languageService/service';
import type { Finding } from '../../src/core/definition';

const REAL_WORKER = path.resolve(__dirname, '..', '..', 'src', 'core', 'languageService', 'worker.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-worker-budget-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The real worker, behind a listener that spins for ten minutes on opening a text with the marker. */
const SPINNING_WORKER = path.join(dir, 'spinningWorker.js');
fs.writeFileSync(
  SPINNING_WORKER,
  `const { parentPort } = require('worker_threads');
parentPort.on('message', (m) => {
  if (m.type !== 'notify' || m.body.kind !== 'open' || !m.body.text.includes('# spin')) return;
  parentPort.postMessage({ busy: m.body.uri });
  const end = Date.now() + 600000;
  while (Date.now() < end) { /* a job that does not finish */ }
});
require(${JSON.stringify(REAL_WORKER)});
`,
);

const MISSING_OS = "apiVersion: '2023-05-01'\nname: web\nlocation: westeurope\nproperties:\n  containers: []\n";
const SPIN = `# spin\n${MISSING_OS}`;

test("a job that overruns the budget is abandoned; the next document's checks are answered", { timeout: 60_000 }, async () => {
  const open: Record<string, string> = {};
  const errors: string[] = [];
  let restarts = 0;
  const client: LanguageWorkerClient = new LanguageWorkerClient(
    SPINNING_WORKER,
    () => {
      restarts++;
      // As the tracker does: every open document is sent again.
      for (const [uri, text] of Object.entries(open)) client.notify({ kind: 'open', uri, version: 1, format: 'yaml', text });
    },
    (message) => errors.push(message),
    { budgetMs: 1500 },
  );
  const openDoc = (uri: string, text: string) => {
    open[uri] = text;
    client.notify({ kind: 'open', uri, version: 1, format: 'yaml', text });
  };
  const diagnostics = (uri: string) => client.request<Versioned<Finding[]>>({ op: 'diagnostics', uri, version: 1, secretNames: [] });
  try {
    openDoc('file:///slow.aci.yaml', SPIN);
    openDoc('file:///next.aci.yaml', MISSING_OS);
    const next = await diagnostics('file:///next.aci.yaml');
    assert.ok('result' in next, JSON.stringify(next));
    assert.ok(next.result.some((f) => f.code === 'ACI001' && /osType/.test(f.message)), next.result.map((f) => f.message).join('\n'));
    assert.equal(restarts, 1);
    assert.match(errors.join('\n'), /Checking file:\/\/\/slow\.aci\.yaml took longer than 1\.5 s/);

    const slow = await diagnostics('file:///slow.aci.yaml');
    assert.ok('result' in slow);
    assert.deepEqual(slow.result.map((f) => [f.code, f.severity]), [['ACI000', 'info']]);
    assert.match(slow.result[0].message, /took longer than 1\.5 s.*Close and reopen it/);
    assert.deepEqual(await client.request({ op: 'hover', uri: 'file:///slow.aci.yaml', version: 1, offset: 3 }), { version: 1, result: undefined });

    // Closed and opened again (now without the marker), it is checked as any other file.
    client.notify({ kind: 'close', uri: 'file:///slow.aci.yaml' });
    openDoc('file:///slow.aci.yaml', MISSING_OS);
    const again = await diagnostics('file:///slow.aci.yaml');
    assert.ok('result' in again);
    assert.ok(again.result.some((f) => f.code === 'ACI001'), JSON.stringify(again.result));
    assert.equal(restarts, 1);
  } finally {
    await client.dispose();
  }
});

test('jobs within the budget keep one worker, however many there are', { timeout: 60_000 }, async () => {
  let restarts = 0;
  const client = new LanguageWorkerClient(SPINNING_WORKER, () => restarts++, undefined, { budgetMs: 30_000 });
  try {
    for (let i = 0; i < 20; i++) client.notify({ kind: 'open', uri: `file:///d${i}.aci.yaml`, version: 1, format: 'yaml', text: MISSING_OS });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.request<Versioned<Finding[]>>({ op: 'diagnostics', uri: `file:///d${i}.aci.yaml`, version: 1, secretNames: [] })),
    );
    assert.ok(answers.every((a) => 'result' in a && a.result.some((f) => f.code === 'ACI001')));
    assert.equal(restarts, 0);
  } finally {
    await client.dispose();
  }
});
