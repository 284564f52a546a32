// The extension loads and activates inside a real VS Code (code-server), not a stand-in.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  publisher: string;
  name: string;
};
const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

suite('smoke', () => {
  test('runs inside a real VS Code', () => {
    assert.match(vscode.version, /^1\.\d+\.\d+/);
    assert.strictEqual(vscode.env.appName, 'code-server');
    console.log(`vscode.version=${vscode.version} appName=${vscode.env.appName} node=${process.version}`);
  });

  test('the extension is present and activates', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `extension ${EXTENSION_ID} is not loaded`);
    assert.strictEqual(path.resolve(extension.extensionPath), REPO_ROOT);
    await extension.activate();
    assert.strictEqual(extension.isActive, true);
  });
});
