// Editing a definition in the real VS Code: diagnostics at the right ranges, completion, hover, quick fixes,
// outline, and no interference with other YAML/JSON files.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import { activateExtension } from './extensionApi';

const YAML = `apiVersion: '2023-05-01'
location: westeurope
name: lang-test
type: Microsoft.ContainerInstance/containerGroups
properties:
  osType: Linux
  containers:
    - name: web
      properties:
        image: nginx
        ports:
          - port: 80
            protocol: tcp
        resources:
          requests:
            cpu: 1
            memoryInGB: 1.5
        volumeMounts:
          - name: cache-volume
            mountPath: C:\\cache
          - name: missing-volume
            mountPath: /data
  volumes:
    - name: cache-volume
      emptyDir: {}
  ipAddress:
    type: Public
    ports:
      - port: 80
`;

const JSON_BODY = `{
  "location": "westeurope",
  "properties": {
    "containers": [
      {
        "name": "job",
        "properties": {
          "image": "busybox",
          "resources": { "requests": { "cpu": 1, "memoryInGB": 1 } }
        }
      }
    ],
    "restartPolicy": "Sometimes"
  }
}
`;

async function write(name: string, text: string): Promise<vscode.TextDocument> {
  const file = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'definitions', name);
  fs.writeFileSync(file, text);
  const doc = await vscode.workspace.openTextDocument(file);
  await vscode.window.showTextDocument(doc);
  return doc;
}

/** Polls until the document's ACI diagnostics satisfy `ready`. */
async function diagnosticsOf(doc: vscode.TextDocument, ready: (d: vscode.Diagnostic[]) => boolean = (d) => d.length > 0): Promise<vscode.Diagnostic[]> {
  const deadline = Date.now() + 15000;
  for (;;) {
    const ours = vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source === 'aci-validate');
    if (ready(ours)) return ours;
    if (Date.now() > deadline) throw new Error(`diagnostics not ready: ${ours.map((d) => d.code).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function at(doc: vscode.TextDocument, needle: string, within = 0): vscode.Position {
  const offset = doc.getText().indexOf(needle);
  assert.ok(offset >= 0, `"${needle}" is in the document`);
  return doc.positionAt(offset + within);
}

function describe(d: vscode.Diagnostic): string {
  return `${String(d.code)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;
}

suite('Definition editing', () => {
  let api: TestApi;

  suiteSetup(async () => {
    api = await activateExtension();
  });

  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('YAML: rule findings sit on the value in error', async () => {
    const doc = await write('lang-test.aci.yaml', YAML);
    const diags = await diagnosticsOf(doc, (d) => d.length >= 3);
    const byCode = new Map(diags.map((d) => [String(d.code), d]));
    const colon = byCode.get('ACI301');
    assert.ok(colon, diags.map(describe).join('; '));
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
    assert.ok(required, diags.map(describe).join('; '));
    assert.match(required.message, /osType/);
    const enumDiag = diags.find((d) => d.code === 'ACI003');
    assert.ok(enumDiag, diags.map(describe).join('; '));
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

  test('a quick fix applied fixes the finding', async () => {
    const doc = await write('lang-fix.aci.yaml', YAML);
    const diags = await diagnosticsOf(doc, (d) => d.some((x) => x.code === 'ACI201'));
    const protocol = diags.find((d) => d.code === 'ACI201')!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, protocol.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === 'Change to TCP' && a.edit);
    assert.ok(fix, `a fix among: ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit!));
    assert.match(doc.getText(), /protocol: TCP/);
    await diagnosticsOf(doc, (d) => !d.some((x) => x.code === 'ACI201'));
  });

  test('a Windows mountPath and a mount of a missing volume offer the fixes that make them right', async () => {
    const doc = await write('lang-more-fixes.aci.yaml', YAML);
    await diagnosticsOf(doc, (d) => d.some((x) => x.code === 'ACI301') && d.some((x) => x.code === 'ACI307'));
    // The quick fixes VS Code offers anywhere in the document (the light bulb's list).
    const fixesFor = async () => vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), vscode.CodeActionKind.QuickFix.value);
    const volumeFixes = await fixesFor();
    const volume = volumeFixes.find((a) => a.title === 'Change to cache-volume');
    assert.ok(volume?.edit, volumeFixes.map((a) => a.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(volume.edit));
    await diagnosticsOf(doc, (d) => !d.some((x) => x.code === 'ACI307') && d.some((x) => x.code === 'ACI301'));
    const pathFixes = await fixesFor();
    const path = pathFixes.find((a) => a.title === 'Change to /cache');
    assert.ok(path?.edit, pathFixes.map((a) => a.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(path.edit));
    assert.match(doc.getText(), /- name: cache-volume\n\s+mountPath: \/data/);
    assert.match(doc.getText(), /mountPath: \/cache/);
    await diagnosticsOf(doc, (d) => !d.some((x) => x.code === 'ACI301'));
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

  test('an unquoted {{secret:NAME}} is one error whose quick fix quotes it', async () => {
    const text = YAML.replace('        image: nginx\n', '        image: nginx\n        environmentVariables:\n          - name: DB\n            secureValue: {{secret:lang-db}}\n');
    const doc = await write('lang-unquoted.aci.yaml', text);
    const diags = await diagnosticsOf(doc, (d) => d.some((x) => x.code === 'ACI111'));
    const onValue = diags.filter((d) => d.range.start.line === at(doc, '{{secret').line);
    // ACI900 (no secret of that name is stored) stays true after quoting; no type error comes with ACI111.
    assert.deepStrictEqual(onValue.map((d) => d.code).filter((c) => c !== 'ACI900'), ['ACI111'], onValue.map(describe).join('\n'));
    assert.match(onValue[0].message, /Quote it: '\{\{secret:lang-db\}\}'/);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, onValue[0].range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => /^Quote it/.test(a.title) && a.edit);
    assert.ok(fix, `a fix among: ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit!));
    assert.match(doc.getText(), /secureValue: '\{\{secret:lang-db\}\}'/);
    await diagnosticsOf(doc, (d) => !d.some((x) => x.code === 'ACI111'));
  });

  test('a secret that is not stored (ACI900) has Set Secret… as its quick fix, which then offers to deploy the file', async () => {
    const text = YAML.replace('        image: nginx\n', "        image: nginx\n        environmentVariables:\n          - name: DB\n            secureValue: '{{secret:lang-not-stored}}'\n");
    const doc = await write('lang-missing-secret.aci.yaml', text);
    const diags = await diagnosticsOf(doc, (d) => d.some((x) => x.code === 'ACI900'));
    const missing = diags.find((d) => d.code === 'ACI900')!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, missing.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === "Set Secret 'lang-not-stored'…");
    assert.ok(fix, `a fix among: ${actions.map((a) => a.title).join(', ')}`);
    assert.strictEqual(fix.command?.command, 'aciDataShare.setSecret');
    assert.deepStrictEqual(fix.command.arguments?.map(String), ['lang-not-stored', doc.uri.toString()]);
    assert.strictEqual(fix.edit, undefined, 'the value is asked for, never written into the file');
  });

  test('text for a number, a missing required property and a missing volume have quick fixes; with the others, no error is left', async () => {
    const text = YAML.replace('  osType: Linux', '  osType: Windoze')
      .replace('cpu: 1', 'cpu: one')
      .replace('        image: nginx\n', '')
      .replace('mountPath: C:\\cache', 'mountPath: C:\\cache\\files');
    const doc = await write('lang-fixes.aci.yaml', text);
    const choose = async (code: string, title: string, offered: string[] = [title]) => {
      const diags = await diagnosticsOf(doc, (d) => d.some((x) => x.code === code));
      const diag = diags.find((d) => d.code === code)!;
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, diag.range, vscode.CodeActionKind.QuickFix.value);
      const titles = actions.map((a) => a.title);
      for (const t of offered) assert.ok(titles.includes(t), `${code}: '${t}' among: ${titles.join(', ')}`);
      assert.ok(await vscode.workspace.applyEdit(actions.find((a) => a.title === title)!.edit!));
      await diagnosticsOf(doc, (d) => !d.some((x) => x.code === code && x.range.start.line === diag.range.start.line));
    };
    // No allowed value is close to 'Windoze' but each is offered.
    await choose('ACI003', 'Change to Linux', ['Change to Windows', 'Change to Linux']);
    await choose('ACI002', 'Change to 1');
    await choose('ACI001', 'Add image');
    await choose('ACI301', 'Change to /cache/files');
    await choose('ACI307', 'Declare volume missing-volume (an emptyDir)', ['Change to cache-volume', 'Declare volume missing-volume (an emptyDir)']);
    const left = await diagnosticsOf(doc, (d) => !d.some((x) => x.severity === vscode.DiagnosticSeverity.Error));
    assert.deepStrictEqual(left.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).map(describe), []);
    assert.match(doc.getText(), /osType: Linux/);
    assert.match(doc.getText(), /cpu: 1\n/);
    assert.match(doc.getText(), /mountPath: \/cache\/files/);
    assert.match(doc.getText(), / {4}- name: missing-volume\n {6}emptyDir: \{\}/);
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
    assert.strictEqual(api.language.tracker.isTracked(doc), false);
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
    assert.strictEqual(diags.length, 1, diags.map(describe).join('; '));
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

const IDENTITY = '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/id1';
/** A group reading a key vault secret through `secretReferences`, which api-version 2025-09-01 adds. */
const secretRefs = (apiVersion: string, extra = '') => `apiVersion: '${apiVersion}'
location: westeurope
name: refs-test
identity:
  type: UserAssigned
  userAssignedIdentities:
    '${IDENTITY}': {}
properties:
  osType: Linux
  secretReferences:
    - name: dbpassword
      identity: '${IDENTITY}'
      secretReferenceUri: https://kv.vault.azure.net/secrets/db
  containers:
    - name: web
      properties:
        image: nginx
        resources:
          requests: {cpu: 1, memoryInGB: 1.5}
        environmentVariables:
          - name: DB
            secureValueReference: dbpassword
${extra}`;

suite('Definition editing by api-version', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('a 2023-05-01 file using 2025-09-01 properties is warned with the version; Use api-version 2025-09-01 makes it clean', async () => {
    const doc = await write('lang-version-old.aci.yaml', secretRefs('2023-05-01'));
    const diags = await diagnosticsOf(doc, (d) => d.some((x) => x.code === 'ACI212'));
    const newer = diags.filter((d) => d.code === 'ACI212');
    assert.deepStrictEqual(newer.map((d) => doc.getText(d.range)), ['secretReferences', 'secureValueReference'], diags.map(describe).join('; '));
    assert.strictEqual(newer[0].severity, vscode.DiagnosticSeverity.Warning);
    assert.match(newer[0].message, /api-version 2025-09-01 adds it/);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, newer[0].range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title.startsWith('Use api-version 2025-09-01') && a.edit);
    assert.ok(fix, `a fix among: ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit!));
    assert.match(doc.getText(), /^apiVersion: ["']2025-09-01["']\n/);
    await diagnosticsOf(doc, (d) => d.length === 0);
  });

  test('a 2025-09-01 file with secretReferences and a user-assigned identity gets no finding of its own', async () => {
    // One known finding elsewhere shows the file was checked.
    const doc = await write('lang-version-new.aci.yaml', secretRefs('2025-09-01', '  restartPolicy: always\n'));
    const diags = await diagnosticsOf(doc, (d) => d.some((x) => x.code === 'ACI201'));
    assert.deepStrictEqual(diags.map((d) => String(d.code)), ['ACI201'], diags.map(describe).join('; '));
  });

  test('an apiVersion written as an expression is explained and not rewritten; a number is an error offering the versions', async () => {
    const template = {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      parameters: { aciVersion: { type: 'string', defaultValue: '2025-09-01' } },
      resources: [
        {
          type: 'Microsoft.ContainerInstance/containerGroups',
          apiVersion: "[parameters('aciVersion')]",
          name: 'expr-test',
          location: 'westeurope',
          properties: {
            osType: 'Linux',
            secretReferences: [{ name: 'db', identity: IDENTITY, secretReferenceUri: 'https://kv.vault.azure.net/secrets/db' }],
            containers: [{ name: 'web', properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1.5 } } } }],
          },
        },
      ],
    };
    const doc = await write('lang-version-expr.aci.json', JSON.stringify(template, null, 2) + '\n');
    const diags = await diagnosticsOf(doc, (d) => d.some((x) => x.code === 'ACI209'));
    const notice = diags.find((d) => d.code === 'ACI209')!;
    assert.strictEqual(notice.severity, vscode.DiagnosticSeverity.Information);
    assert.match(notice.message, /is a template expression, known only when ARM deploys the template: checked against 2023-05-01/);
    const newer = diags.find((d) => d.code === 'ACI212');
    assert.ok(newer, diags.map(describe).join('; '));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, newer.range, vscode.CodeActionKind.QuickFix.value);
    assert.ok(!actions.some((a) => a.title.startsWith('Use api-version')), actions.map((a) => a.title).join(', '));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

    const num = await write('lang-version-num.aci.yaml', secretRefs('2023-05-01').replace("apiVersion: '2023-05-01'", 'apiVersion: 2025'));
    const numDiags = await diagnosticsOf(num, (d) => d.some((x) => x.code === 'ACI213'));
    const error = numDiags.find((d) => d.code === 'ACI213')!;
    assert.strictEqual(error.severity, vscode.DiagnosticSeverity.Error);
    assert.match(error.message, /^apiVersion 2025 is a number, not text/);
    const offered = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', num.uri, error.range, vscode.CodeActionKind.QuickFix.value);
    const use = offered.find((a) => a.title === 'Use api-version 2025-09-01' && a.edit);
    assert.ok(use, offered.map((a) => a.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(use.edit!));
    await diagnosticsOf(num, (d) => d.length === 0);
  });

  test('a Spot group with a public IP and a GPU gets the documented errors', async () => {
    const doc = await write(
      'lang-spot.aci.yaml',
      `apiVersion: '2025-09-01'
location: westeurope
name: spot-test
properties:
  osType: Linux
  priority: Spot
  containers:
    - name: web
      properties:
        image: nginx
        ports: [{port: 80}]
        resources:
          requests: {cpu: 1, memoryInGB: 1.5, gpu: {count: 1, sku: V100}}
  ipAddress:
    type: Public
    ports: [{port: 80}]
`,
    );
    const diags = await diagnosticsOf(doc, (d) => d.filter((x) => x.code === 'ACI328').length >= 2 && d.some((x) => x.code === 'ACI319'));
    const spot = diags.filter((d) => d.code === 'ACI328');
    assert.ok(spot.every((d) => d.severity === vscode.DiagnosticSeverity.Error));
    assert.ok(spot.some((d) => doc.getText(d.range) === 'ipAddress' && /SpotPriorityContainerGroupNotSupportedForInboundConnectivity/.test(d.message)), diags.map(describe).join('; '));
    assert.ok(spot.some((d) => doc.getText(d.range) === 'gpu' && /SpotPriorityContainerGroupWithGPUResourcesNotSupported/.test(d.message)), diags.map(describe).join('; '));
    const gpu = diags.find((d) => d.code === 'ACI319')!;
    assert.strictEqual(gpu.severity, vscode.DiagnosticSeverity.Error);
    assert.match(gpu.message, /retired on 2025-07-14/);
  });
});
