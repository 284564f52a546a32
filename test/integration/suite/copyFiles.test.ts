// Upload File… then Download File… in the real VS Code against the emulator: a binary file with every byte value
// and larger than the socket's frame limit comes back byte-identical, checked by size and sha256; a file over the
// size limit and one that is not there are refused in words; Cancel midway leaves no partial file on either side, ends
// the session (the emulator's count of open exec sockets) and says so. Nothing of the content reaches the log.
import * as assert from 'assert';
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import type { ContainerRef } from '../../../src/tree/containerRef';
import type { TestApi } from '../../../src/extension';
import { runCopy } from './copyCommands';
import type { Answer } from './scriptedInput';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

/** The largest websocket frame the extension accepts from a session (1 MiB): the file is larger, so it takes several. */
const FRAME_BYTES = 1024 * 1024;

const FILE = 'it-copy.aci.yaml';
const TARGET: ContainerGroupTarget = { name: 'it-copy', subscriptionId: '00000000-0000-0000-0000-000000000025', resourceGroup: 'rg-copy-it', definitionFile: `definitions/${FILE}` };
const ref: { containerRef: ContainerRef } = { containerRef: { target: TARGET, containerName: 'nginx', init: false } };

suite('Download File and Upload File', function () {
  this.timeout(120_000);
  const world = suiteWorld();
  const { lines: logged } = world;
  let api: TestApi;
  let dir: string;

  const copy = (command: 'uploadFile' | 'downloadFile', answers: Answer[]) => runCopy(api, command, ref, answers);

  suiteSetup(async () => {
    ({ api } = world);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-copy-'));
    await world.deployFixture(TARGET);
  });

  suiteTeardown(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('an upload then a download of every byte value, larger than a socket frame, are byte-identical (size and sha256 checked)', async () => {
    const content = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(FRAME_BYTES + 4096)]);
    const source = path.join(dir, 'data.bin');
    fs.writeFileSync(source, content);
    const up = await copy('uploadFile', [
      { open: /^Upload File: it-copy · nginx$/, uris: [vscode.Uri.file(source)] },
      { input: /^Upload File: it-copy · nginx$/, value: '/tmp/data.bin' },
    ]);
    assert.strictEqual(up.result.outcome, 'copied', up.result.message);
    assert.strictEqual(up.result.bytes, content.length);
    assert.match(up.result.sha256 ?? '', /^[0-9a-f]{64}$/);
    assert.ok(up.script.messages('info').some((m) => m.startsWith(`Uploaded ${content.length} bytes to /tmp/data.bin in it-copy · nginx (size and sha256 checked)`)));
    const target = path.join(dir, 'back.bin');
    const down = await copy('downloadFile', [
      { input: /^Download File: it-copy · nginx$/, value: '/tmp/data.bin' },
      { save: /^Download File: it-copy · nginx$/, uri: vscode.Uri.file(target) },
    ]);
    assert.strictEqual(down.result.outcome, 'copied', down.result.message);
    assert.strictEqual(down.result.sha256, up.result.sha256);
    assert.ok(fs.readFileSync(target).equals(content), 'byte-identical');
  });

  test('a file that is not there, and one over the size limit, are refused in words', async () => {
    const none = await copy('downloadFile', [
      { input: /^Download File/, value: '/tmp/none.bin' },
      { save: /^Download File/, uri: vscode.Uri.file(path.join(dir, 'none.bin')) },
    ]);
    assert.deepStrictEqual([none.result.outcome, none.result.reason], ['refused', 'notFound']);
    assert.ok(none.script.messages('error').includes('/tmp/none.bin is not a readable file in it-copy · nginx.'));
    assert.ok(!fs.existsSync(path.join(dir, 'none.bin')), 'nothing written');
    const config = vscode.workspace.getConfiguration('aciDataShare');
    await config.update('copyFiles.maxMegabytes', 1, vscode.ConfigurationTarget.Workspace);
    try {
      const big = await copy('downloadFile', [
        { input: /^Download File/, value: '/tmp/data.bin' },
        { save: /^Download File/, uri: vscode.Uri.file(path.join(dir, 'big.bin')) },
      ]);
      assert.deepStrictEqual([big.result.outcome, big.result.reason], ['refused', 'tooLarge']);
      assert.match(big.result.message ?? '', /^\/tmp\/data\.bin is 1\.0 MB, over the limit of 1\.0 MB/);
    } finally {
      await config.update('copyFiles.maxMegabytes', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('Cancel during an upload and during a download: nothing partial is left, the session ends, the message says canceled', async () => {
    const execOpen = async () => ((await (await fetch(`${process.env.ACI_DS_EMULATOR_URL}/__emulator/stats`)).json()) as { execOpen: number }).execOpen;
    const before = await execOpen();
    const content = randomBytes(3 * 1024 * 1024);
    const source = path.join(dir, 'cancel.bin');
    fs.writeFileSync(source, content);
    // Canceled at the first progress step below 100 %: the transfer is under way and not finished.
    const midway = (m: string) => /^\d+%$/.test(m) && Number.parseInt(m, 10) < 100;
    const up = await copy('uploadFile', [
      { open: /^Upload File: it-copy · nginx$/, uris: [vscode.Uri.file(source)] },
      { input: /^Upload File: it-copy · nginx$/, value: '/tmp/cancel.bin' },
      { progress: /^Upload File: it-copy · nginx$/, cancelWhen: midway },
    ]);
    assert.strictEqual(up.result.outcome, 'cancelled', up.result.message);
    assert.ok(up.script.messages('info').includes('Upload to /tmp/cancel.bin in it-copy · nginx canceled: the part already sent was removed and /tmp/cancel.bin was not written.'), up.script.messages('info').join('\n'));
    await until(async () => (await execOpen()) === before, 'the upload session to end', 10_000, 20);
    for (const leftover of ['/tmp/cancel.bin', '/tmp/cancel.bin.part']) {
      const none = await copy('downloadFile', [
        { input: /^Download File/, value: leftover },
        { save: /^Download File/, uri: vscode.Uri.file(path.join(dir, 'leftover.bin')) },
      ]);
      assert.deepStrictEqual([none.result.outcome, none.result.reason], ['refused', 'notFound'], `${leftover} is not in the container`);
    }

    const whole = await copy('uploadFile', [
      { open: /^Upload File/, uris: [vscode.Uri.file(source)] },
      { input: /^Upload File/, value: '/tmp/whole.bin' },
    ]);
    assert.strictEqual(whole.result.outcome, 'copied', whole.result.message);
    const target = path.join(dir, 'partial.bin');
    const down = await copy('downloadFile', [
      { input: /^Download File/, value: '/tmp/whole.bin' },
      { save: /^Download File/, uri: vscode.Uri.file(target) },
      { progress: /^Download File: it-copy · nginx$/, cancelWhen: midway },
    ]);
    assert.strictEqual(down.result.outcome, 'cancelled', down.result.message);
    assert.ok(!fs.existsSync(target), 'no partial file was written');
    assert.ok(down.script.messages('info').includes(`Download of /tmp/whole.bin from it-copy · nginx canceled: nothing was written to ${target}.`), down.script.messages('info').join('\n'));
    await until(async () => (await execOpen()) === before, 'the download session to end', 10_000, 20);
  });

  test('nothing of the content or the paths reaches the log', () => {
    const text = logged.join('\n');
    assert.ok(logged.some((l) => /^Upload File with it-copy · nginx ended: copied, \d+ bytes\.$/.test(l)));
    for (const s of ['/tmp/data.bin', 'data.bin', 'none.bin', 'cancel.bin', 'whole.bin', 'partial.bin']) assert.ok(!text.includes(s), s);
  });
});
