// Editing a definition in the real VS Code: diagnostics at the right ranges, completion, hover, outline, the
// limits of live checks, and no interference with other YAML/JSON files.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { editingSuite, describeFinding, YAML, JSON_BODY, write, diagnosticsOf, at } from './definitionEditing';

suite('Definition editing', () => {
  const api = editingSuite();

  test('YAML: rule findings sit on the value in error', async () => {
    const doc = await write('lang-test.aci.yaml', YAML);
    const diags = await diagnosticsOf(doc, (d) => d.length >= 3);
    const byCode = new Map(diags.map((d) => [String(d.code), d]));
    const colon = byCode.get('ACI301');
    assert.ok(colon, diags.map(describeFinding).join('; '));
    assert.strictEqual(colon.severity, vscode.DiagnosticSeverity.Error);
    assert.strictEqual(doc.getText(colon.range), 'C:\\cache');
    const mount = byCode.get('ACI307');
    assert.ok(mount);
    assert.strictEqual(doc.getText(mount.range), 'missing-volume');
    assert.match(mount.message, /cache-volume/);
    const protocol = byCode.get('ACI201');
    assert.ok(protocol);
    assert.strictEqual(protocol.severity, vscode.DiagnosticSeverity.Warning);
    assert.strictEqual(doc.getText(protocol.range), 'tcp');
  });

  test('JSON: a missing osType and an unknown enum value are errors at their places', async () => {
    const doc = await write('lang-test.aci.json', JSON_BODY);
    const diags = await diagnosticsOf(doc, (d) => d.length >= 2);
    const required = diags.find((d) => d.code === 'ACI001');
    assert.ok(required, diags.map(describeFinding).join('; '));
    assert.match(required.message, /osType/);
    const enumDiag = diags.find((d) => d.code === 'ACI003');
    assert.ok(enumDiag, diags.map(describeFinding).join('; '));
    assert.strictEqual(doc.getText(enumDiag.range), '"Sometimes"');
  });

  test('diagnostics follow typing', async () => {
    const doc = await write('lang-typing.aci.yaml', YAML);
    await diagnosticsOf(doc, (d) => d.some((x) => x.code === 'ACI307'));
    const editor = vscode.window.activeTextEditor!;
    const start = at(doc, 'missing-volume');
    await editor.edit((b) => b.replace(new vscode.Range(start, start.translate(0, 'missing-volume'.length)), 'cache-volume'));
    const after = await diagnosticsOf(doc, (d) => !d.some((x) => x.code === 'ACI307'));
    assert.ok(after.some((d) => d.code === 'ACI301'), 'other findings stay');
  });

  test('completion offers properties, enum values and volume names', async () => {
    const doc = await write('lang-complete.aci.yaml', YAML);
    await diagnosticsOf(doc);
    const labels = async (pos: vscode.Position) => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, pos);
      return list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    };
    const protocol = await labels(at(doc, 'tcp', 3));
    assert.ok(protocol.includes('TCP') && protocol.includes('UDP'), protocol.join(', '));
    const volume = await labels(at(doc, 'missing-volume', 'missing-volume'.length));
    assert.ok(volume.includes('cache-volume'), volume.join(', '));
    // A fresh line among the container's properties: property names not yet present.
    const editor = vscode.window.activeTextEditor!;
    const line = at(doc, '        volumeMounts:').line;
    await editor.edit((b) => b.insert(new vscode.Position(line, 0), '        \n'));
    const props = await labels(new vscode.Position(line, 8));
    for (const expected of ['command', 'environmentVariables', 'livenessProbe']) assert.ok(props.includes(expected), `${expected} in ${props.join(', ')}`);
    assert.ok(!props.includes('image'), 'image is already there');
  });

  test('hover shows the description and whether the property is required', async () => {
    const doc = await write('lang-hover.aci.yaml', YAML);
    await diagnosticsOf(doc);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at(doc, 'osType', 2));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /osType/);
    assert.match(text, /Linux/);
    assert.match(text, /[Rr]equired/);
  });


  test('a 700-byte file of nested anchors gets one error and leaves the other documents their checks', async () => {
    const lines = ["apiVersion: '2023-05-01'", 'name: bomb', 'location: westeurope', 'a0: &a0 [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i <= 8; i++) lines.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
    lines.push('properties: {osType: Linux, containers: [{name: c, properties: {image: nginx, command: *a8, resources: {requests: {cpu: 1, memoryInGB: 1}}}}]}');
    const bomb = await write('lang-bomb.aci.yaml', lines.join('\n') + '\n');
    const found = await diagnosticsOf(bomb, (d) => d.some((x) => x.code === 'ACI112'));
    assert.strictEqual(found.filter((d) => d.code === 'ACI112').length, 1);
    const other = await write('lang-after-bomb.aci.yaml', YAML);
    await diagnosticsOf(other, (d) => d.some((x) => x.code === 'ACI301'));
  });


  test('the outline lists the containers and volumes', async () => {
    const doc = await write('lang-outline.aci.yaml', YAML);
    await diagnosticsOf(doc);
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', doc.uri);
    const names: string[] = [];
    const walk = (s: vscode.DocumentSymbol[]) => s.forEach((x) => (names.push(x.name), walk(x.children)));
    walk(symbols);
    assert.ok(names.includes('web'), names.join(', '));
    assert.ok(names.includes('cache-volume'), names.join(', '));
  });

  test('other YAML and JSON files are left alone', async () => {
    const doc = await write('pipeline.yaml', 'trigger:\n  - main\nsteps:\n  - script: echo hi\n    mountPath: C:\\nope\n');
    // A definition opened after it is checked: by then the pipeline file's turn has come and gone.
    await diagnosticsOf(await write('lang-after-pipeline.aci.yaml', YAML));
    assert.deepStrictEqual(vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source === 'aci-validate'), []);
    assert.strictEqual(api().language.tracker.isTracked(doc), false);
  });

  test('a YAML file whose content declares a container group is checked whatever its name', async () => {
    const doc = await write('plain-name.yaml', YAML);
    const diags = await diagnosticsOf(doc);
    assert.ok(diags.some((d) => d.code === 'ACI301'));
  });

  test('a 10 MB definition gets one clear notice instead of live checks, and editing goes on', async () => {
    const container = (i: number) => `    - name: c${i}\n      properties:\n        image: nginx\n        resources:\n          requests:\n            cpu: 1\n            memoryInGB: 1\n`;
    let body = '';
    for (let i = 0; body.length < 10 * 1024 * 1024; i++) body += container(i);
    const doc = await write('huge.aci.yaml', `apiVersion: '2023-05-01'\nname: huge\nproperties:\n  osType: Linux\n  containers:\n${body}`);
    const diags = await diagnosticsOf(doc);
    assert.strictEqual(diags.length, 1, diags.map(describeFinding).join('; '));
    assert.strictEqual(diags[0].severity, vscode.DiagnosticSeverity.Information);
    assert.match(diags[0].message, /MB limit for live checks.*aci-validate/);
    // The extension host is not blocked: another definition still gets its findings.
    const other = await write('after-huge.aci.yaml', YAML);
    assert.ok((await diagnosticsOf(other)).some((d) => d.code === 'ACI301'));
    // Later suites read the workspace's files (the secret scan): leave no 10 MB file behind.
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    fs.unlinkSync(doc.uri.fsPath);
  });
});
