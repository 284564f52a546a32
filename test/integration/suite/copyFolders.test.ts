// Upload Folder… then Download Folder… in the real VS Code against the emulator: nested folders, an empty one and a
// binary file with every byte value (larger than a socket frame) go up as one tar archive, are unpacked by the
// container's tar, come back into a new local folder and are byte-identical; a container whose image has no tar is
// refused in words on both ways, and a download never writes into a folder that exists. No path reaches the log.
import * as assert from 'assert';
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import type { ContainerRef } from '../../../src/tree/containerRef';
import { runCopy } from './copyCommands';
import type { Answer } from './scriptedInput';
import { suiteWorld } from './suiteWorld';

const FILE = 'it-folder.aci.yaml';
const TARGET: ContainerGroupTarget = { name: 'it-folder', subscriptionId: '00000000-0000-0000-0000-000000000025', resourceGroup: 'rg-folder-it', definitionFile: `definitions/${FILE}` };
const nginx: { containerRef: ContainerRef } = { containerRef: { target: TARGET, containerName: 'nginx', init: false } };
const noTar: { containerRef: ContainerRef } = { containerRef: { target: TARGET, containerName: 'content-sync', init: false } };

/** Every file and folder under `dir`, relative, with the files' bytes. */
function tree(dir: string): Map<string, Buffer | 'dir'> {
  const out = new Map<string, Buffer | 'dir'>();
  const walk = (rel: string): void => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = path.posix.join(rel, e.name);
      if (e.isDirectory()) {
        out.set(r, 'dir');
        walk(r);
      } else out.set(r, fs.readFileSync(path.join(dir, r)));
    }
  };
  walk('');
  return out;
}

suite('Download Folder and Upload Folder', function () {
  this.timeout(120_000);
  const world = suiteWorld();
  const { lines: logged } = world;
  let dir: string;

  const copy = (command: 'uploadFolder' | 'downloadFolder', arg: { containerRef: ContainerRef }, answers: Answer[]) => runCopy(world.api, command, arg, answers);

  suiteSetup(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-folder-'));
    // The sidecar's image has a shell but no tar (the emulator's scripted images: a name with "notar").
    await world.deployFixture(TARGET, (yaml) => yaml.replace('image: mcr.microsoft.com/azuredocs/aci-helloworld:latest', 'image: contoso.azurecr.io/tools-notar:1.0'));
  });

  suiteTeardown(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a folder uploaded then downloaded comes back byte-identical: nested folders, an empty one, every byte value', async () => {
    const source = path.join(dir, 'site');
    fs.mkdirSync(path.join(source, 'assets', 'img'), { recursive: true });
    fs.mkdirSync(path.join(source, 'empty'));
    fs.writeFileSync(path.join(source, 'index.html'), '<h1>Contoso</h1>\n');
    fs.writeFileSync(path.join(source, 'assets', 'img', 'every.bin'), Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(1024 * 1024 + 4096)]));
    fs.writeFileSync(path.join(source, 'assets', 'notes with spaces.txt'), 'a file whose name has spaces\n');
    const up = await copy('uploadFolder', nginx, [
      { open: /^Upload Folder: it-folder · nginx$/, uris: [vscode.Uri.file(source)] },
      { input: /^Upload Folder: it-folder · nginx$/, value: '/srv/site' },
    ]);
    assert.strictEqual(up.result.outcome, 'copied', up.result.message);
    assert.match(up.result.sha256 ?? '', /^[0-9a-f]{64}$/);
    assert.ok(up.script.messages('info').some((m) => m.startsWith(`Uploaded ${source} into /srv/site in it-folder · nginx (a ${up.result.bytes}-byte archive, size and sha256 checked)`)), up.script.messages('info').join('\n'));

    const into = path.join(dir, 'back');
    fs.mkdirSync(into);
    const down = await copy('downloadFolder', nginx, [
      { input: /^Download Folder: it-folder · nginx$/, value: '/srv/site/' },
      { open: /^Download Folder: it-folder · nginx$/, uris: [vscode.Uri.file(into)] },
    ]);
    assert.strictEqual(down.result.outcome, 'copied', down.result.message);
    const back = tree(path.join(into, 'site'));
    const sent = tree(source);
    assert.deepStrictEqual([...back.keys()].sort(), [...sent.keys()].sort(), 'the same files and folders');
    for (const [rel, content] of sent) assert.ok(content === 'dir' ? back.get(rel) === 'dir' : (back.get(rel) as Buffer).equals(content), `${rel} is byte-identical`);

    // Downloading again into the same place would write into a folder that now exists: refused, nothing touched.
    const again = await copy('downloadFolder', nginx, [
      { input: /^Download Folder/, value: '/srv/site' },
      { open: /^Download Folder/, uris: [vscode.Uri.file(into)] },
    ]);
    assert.deepStrictEqual([again.result.outcome, again.result.reason], ['refused', 'exists']);
    assert.deepStrictEqual([...tree(path.join(into, 'site')).keys()].sort(), [...sent.keys()].sort());
  });

  test('a folder that is not there is refused in words, and no local folder is made', async () => {
    const into = path.join(dir, 'none');
    fs.mkdirSync(into);
    const none = await copy('downloadFolder', nginx, [
      { input: /^Download Folder/, value: '/srv/missing' },
      { open: /^Download Folder/, uris: [vscode.Uri.file(into)] },
    ]);
    assert.deepStrictEqual([none.result.outcome, none.result.reason], ['refused', 'notFolder']);
    assert.ok(none.script.messages('error').includes('/srv/missing is not a readable folder in it-folder · nginx.'), none.script.messages('error').join('\n'));
    assert.deepStrictEqual(fs.readdirSync(into), []);
  });

  test('an image without tar is refused in words, both ways, before anything is copied', async () => {
    const source = path.join(dir, 'small');
    fs.mkdirSync(source);
    fs.writeFileSync(path.join(source, 'a.txt'), 'a\n');
    const up = await copy('uploadFolder', noTar, [
      { open: /^Upload Folder: it-folder · content-sync$/, uris: [vscode.Uri.file(source)] },
      { input: /^Upload Folder: it-folder · content-sync$/, value: '/srv/small' },
    ]);
    assert.deepStrictEqual([up.result.outcome, up.result.reason], ['refused', 'noTar']);
    assert.ok(up.script.messages('error').some((m) => m.startsWith('it-folder · content-sync has no tar program: folders cannot be copied')), up.script.messages('error').join('\n'));
    const into = path.join(dir, 'from-notar');
    fs.mkdirSync(into);
    const down = await copy('downloadFolder', noTar, [
      { input: /^Download Folder/, value: '/tmp' },
      { open: /^Download Folder/, uris: [vscode.Uri.file(into)] },
    ]);
    assert.deepStrictEqual([down.result.outcome, down.result.reason], ['refused', 'noTar']);
    assert.deepStrictEqual(fs.readdirSync(into), [], 'no local folder made');
  });

  test('nothing of the paths reaches the log', () => {
    const text = logged.join('\n');
    assert.ok(logged.some((l) => /^Upload Folder with it-folder · nginx ended: copied, \d+ bytes\.$/.test(l)));
    for (const s of ['/srv/site', 'every.bin', 'notes with spaces', 'missing', dir]) assert.ok(!text.includes(s), s);
  });
});
