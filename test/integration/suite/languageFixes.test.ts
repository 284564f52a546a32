// Quick fixes on a definition in the real VS Code: each fix applied leaves the finding gone, or runs the command
// it names.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { editingSuite, describeFinding, YAML, write, diagnosticsOf, at } from './definitionEditing';

suite('Definition editing: quick fixes', () => {
  editingSuite();

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


  test('an unquoted {{secret:NAME}} is one error whose quick fix quotes it', async () => {
    const text = YAML.replace('        image: nginx\n', '        image: nginx\n        environmentVariables:\n          - name: DB\n            secureValue: {{secret:lang-db}}\n');
    const doc = await write('lang-unquoted.aci.yaml', text);
    const diags = await diagnosticsOf(doc, (d) => d.some((x) => x.code === 'ACI111'));
    const onValue = diags.filter((d) => d.range.start.line === at(doc, '{{secret').line);
    // ACI900 (no secret of that name is stored) stays true after quoting; no type error comes with ACI111.
    assert.deepStrictEqual(onValue.map((d) => d.code).filter((c) => c !== 'ACI900'), ['ACI111'], onValue.map(describeFinding).join('\n'));
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
    assert.deepStrictEqual(left.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).map(describeFinding), []);
    assert.match(doc.getText(), /osType: Linux/);
    assert.match(doc.getText(), /cpu: 1\n/);
    assert.match(doc.getText(), /mountPath: \/cache\/files/);
    assert.match(doc.getText(), / {4}- name: missing-volume\n {6}emptyDir: \{\}/);
  });
});
