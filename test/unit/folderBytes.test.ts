// Upload Folder counts a folder's bytes before it packs the folder in memory: nested files counted, links not
// followed (the archive does not follow them either).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { folderBytes } from '../../src/commands/copyFiles/localArchive';

test('counts nested files, not what links point to', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-bytes-'));
  try {
    fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'top.bin'), Buffer.alloc(1000));
    fs.writeFileSync(path.join(dir, 'a', 'b', 'deep.bin'), Buffer.alloc(2000));
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-outside-'));
    fs.writeFileSync(path.join(outside, 'big.bin'), Buffer.alloc(50_000));
    fs.symlinkSync(outside, path.join(dir, 'link'));
    assert.equal(await folderBytes(dir), 3000);
    fs.rmSync(outside, { recursive: true, force: true });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
