// A `*.aci.json` definition in the real VS Code: VS Code's own JSON support and this extension both look at it.
// Every problem and completion item must appear once (ours for the definition, VS Code's for JSON syntax).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { until } from './until';
import { editingSuite, jsonDefinition, write } from './definitionEditing';

// An invalid enum value, a read-only property offered by the schema, and one syntax error (missing comma).
const BROKEN = jsonDefinition(['"restartPolicy": "Sometimes"', '"sku": "Standard"']);

const VALID = jsonDefinition(['"restartPolicy": "Never"']);

function describe(d: vscode.Diagnostic): string {
  return `[${d.source ?? '-'}] ${d.range.start.line}:${d.range.start.character} ${d.message}`;
}

suite('JSON definitions: one set of problems and completions', () => {
  editingSuite();

  test('each problem is reported once: the definition by the extension, the syntax by VS Code', async () => {
    const doc = await write('once-broken.aci.json', BROKEN);
    // Both have looked at this text once VS Code's JSON syntax error and our enum finding are there.
    const all = await until(() => {
      const d = vscode.languages.getDiagnostics(doc.uri);
      return d.some((x) => x.source !== 'aci-validate') && d.some((x) => x.code === 'ACI003') ? d : undefined;
    }, 'both sets of diagnostics', 20_000, 150);
    const lines = new Map<number, vscode.Diagnostic[]>();
    for (const d of all) lines.set(d.range.start.line, [...(lines.get(d.range.start.line) ?? []), d]);
    for (const [line, ds] of lines) assert.strictEqual(ds.length, 1, `line ${line + 1} has ${ds.length} problems: ${ds.map(describe).join(' | ')}`);
    const foreign = all.filter((d) => d.source !== 'aci-validate');
    assert.strictEqual(foreign.length, 1, foreign.map(describe).join(' | '));
    assert.strictEqual(foreign[0].range.start.line, 14, 'the only problem not from the extension is the syntax error');
  });

  test('with VS Code JSON validation off, the extension reports the syntax error itself', async () => {
    const config = vscode.workspace.getConfiguration('json');
    await config.update('validate.enable', false, vscode.ConfigurationTarget.Workspace);
    try {
      const doc = await write('once-nojson.aci.json', BROKEN);
      const all = await until(() => {
        const d = vscode.languages.getDiagnostics(doc.uri);
        return d.some((x) => x.source === 'aci-validate' && x.code === 'ACI100') ? d : undefined;
      }, 'the extension\'s syntax error', 20_000, 150);
      assert.ok(all.every((d) => d.source === 'aci-validate'), all.map(describe).join(' | '));
    } finally {
      await config.update('validate.enable', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('completion offers each enum value once and no read-only property', async () => {
    const doc = await write('once-complete.aci.json', VALID);
    await until(() => (vscode.languages.getDiagnostics(doc.uri).length === 0 ? true : undefined), 'our diagnostics pass', 20_000, 150);
    const labelsAt = async (needle: string, within: number) => {
      const pos = doc.positionAt(doc.getText().indexOf(needle) + within);
      return until(async () => {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, pos);
        const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
        return labels.length > 0 ? labels : undefined;
      }, `completions at ${needle}`, 20_000, 150);
    };
    // Inside the restartPolicy value's quotes.
    const values = await labelsAt('"Never"', 1);
    const bare = values.map((l) => l.replace(/^"|"$/g, ''));
    for (const v of ['Always', 'OnFailure', 'Never']) {
      assert.strictEqual(bare.filter((l) => l === v).length, 1, `${v} offered once: ${values.join(', ')}`);
    }
    // A new key inside "properties", right after its opening brace.
    const keys = await labelsAt('"properties": {\n    "osType"', '"properties": {'.length);
    const bareKeys = keys.map((l) => l.replace(/^"|"$/g, ''));
    assert.ok(bareKeys.includes('sku'), keys.join(', '));
    assert.strictEqual(bareKeys.filter((l) => l === 'sku').length, 1, `sku offered once: ${keys.join(', ')}`);
    assert.ok(!bareKeys.includes('instanceView'), `read-only instanceView not offered: ${keys.join(', ')}`);

    // A new key inside a container's "properties": the container's keys, none of the group's.
    const inner = (await labelsAt('"properties": {\n          "image"', '"properties": {'.length)).map((l) => l.replace(/^"|"$/g, ''));
    assert.ok(inner.includes('command') && inner.includes('volumeMounts'), inner.join(', '));
    const groupKeys = ['osType', 'restartPolicy', 'containers', 'sku', 'ipAddress', 'volumes', 'imageRegistryCredentials'];
    assert.deepStrictEqual(inner.filter((l) => groupKeys.includes(l)), [], `group-level keys offered inside a container: ${inner.join(', ')}`);
  });

  test('hover shows one description', async () => {
    const doc = await write('once-hover.aci.json', VALID);
    await until(() => (vscode.languages.getDiagnostics(doc.uri).length === 0 ? true : undefined), 'our diagnostics pass', 20_000, 150);
    const pos = doc.positionAt(doc.getText().indexOf('restartPolicy') + 2);
    const hovers = await until(async () => {
      const h = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
      return h.length > 0 ? h : undefined;
    }, 'a hover', 20_000, 150);
    // What the hover shows: VS Code's JSON support answers with an empty hover for a file its (empty) schema
    // covers, and an empty hover shows nothing.
    const texts = hovers.map((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)).join(' ').trim());
    assert.strictEqual(texts.filter(Boolean).length, 1, texts.join(' | '));
  });
});
