// Definitions per api-version in the real VS Code: properties a later version adds, expressions and numbers as the
// version, and the documented limits of Spot groups.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { editingSuite, describeFinding, write, diagnosticsOf } from './definitionEditing';

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
  editingSuite();

  test('a 2023-05-01 file using 2025-09-01 properties is warned with the version; Use api-version 2025-09-01 makes it clean', async () => {
    const doc = await write('lang-version-old.aci.yaml', secretRefs('2023-05-01'));
    const diags = await diagnosticsOf(doc, (d) => d.some((x) => x.code === 'ACI212'));
    const newer = diags.filter((d) => d.code === 'ACI212');
    assert.deepStrictEqual(newer.map((d) => doc.getText(d.range)), ['secretReferences', 'secureValueReference'], diags.map(describeFinding).join('; '));
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
    assert.deepStrictEqual(diags.map((d) => String(d.code)), ['ACI201'], diags.map(describeFinding).join('; '));
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
    assert.ok(newer, diags.map(describeFinding).join('; '));
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
    assert.ok(spot.some((d) => doc.getText(d.range) === 'ipAddress' && /SpotPriorityContainerGroupNotSupportedForInboundConnectivity/.test(d.message)), diags.map(describeFinding).join('; '));
    assert.ok(spot.some((d) => doc.getText(d.range) === 'gpu' && /SpotPriorityContainerGroupWithGPUResourcesNotSupported/.test(d.message)), diags.map(describeFinding).join('; '));
    const gpu = diags.find((d) => d.code === 'ACI319')!;
    assert.strictEqual(gpu.severity, vscode.DiagnosticSeverity.Error);
    assert.match(gpu.message, /retired on 2025-07-14/);
  });
});
