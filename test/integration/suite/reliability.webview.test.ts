// Hostile content in the real VS Code: every HTML, script and CSS payload the service returns renders as text in the
// report (each filtered into view one by one), a hostile label stays text in the tree and the page title, the CSP
// meta tag allows nothing but the nonce'd script; and settings writes keep what the user wrote.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ReportTestHooks } from '../../../src/webview/report/reportRecord';
import { generateDetails, generateSynchronizations, HOSTILE_PAYLOADS } from '../../emulator/dataShareGenerator';
import { writeSummary } from '../../summary/record';
import { activateExtension, child, shownChildren } from './extensionApi';
import { ScriptedInput, withAnswers } from './scriptedInput';

const base = { subscriptionId: '00000000-0000-0000-0000-0000000000fb', resourceGroup: 'rg-hostile', accountName: 'hostile-account' };
const HOSTILE_LABEL = `</title><style>*{display:none}</style><script>alert(1)</script><img src=x onerror=alert(2)>[x](command:workbench.action.quit)`;
let hostileChecked = 0;

suite('Reliability: hostile content and user data', function () {
  this.timeout(90_000);
  let hooks: ReportTestHooks;

  suiteSetup(async () => {
    hooks = (await activateExtension()).report;
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    writeSummary('hostile', 'vscode-reliability-webview', hostileChecked);
  });

  test('every hostile data-set name and message renders as text, one by one', async () => {
    const name = 'hostile-rows-60';
    const syncId = generateSynchronizations(base.accountName, name)[0].synchronizationId;
    await vscode.commands.executeCommand('aciDataShare.showSynchronizationReport', { ...base, shareSubscriptionName: name, label: HOSTILE_LABEL }, syncId);
    const loaded = await hooks.waitFor((r) => r.target.shareSubscriptionName === name && r.state === 'done' && r.rowsReceived === r.rowsSent && r.view?.shown === 60);
    assert.strictEqual(loaded.view?.injected, 0);
    const rows = generateDetails(base.accountName, name, syncId);
    const payloadNames = [...new Set(rows.map((r) => r.name).filter((n) => (HOSTILE_PAYLOADS as readonly string[]).includes(n)))];
    const payloadMessages = rows.filter((r) => r.message && (HOSTILE_PAYLOADS as readonly string[]).includes(r.message));
    assert.ok(payloadNames.some((n) => n.includes('<style>')) && payloadNames.some((n) => n.includes('<script>')), payloadNames.join(' | '));
    for (const payload of payloadNames) {
      await hooks.post({ type: 'command', command: 'filter', query: { name: payload } });
      const shown = await hooks.waitFor((r) => r.view?.firstCells[0] === payload);
      assert.strictEqual(shown.view?.injected, 0, `no element created from ${payload}`);
      hostileChecked++;
    }
    // Messages are searched through the free-text filter: the matching rows show, and still nothing is injected.
    for (const row of payloadMessages.slice(0, 5)) {
      await hooks.post({ type: 'command', command: 'filter', query: { text: row.message! } });
      const shown = await hooks.waitFor((r) => (r.view?.shown ?? 0) > 0 && r.view!.firstCells.includes(row.name));
      assert.strictEqual(shown.view?.injected, 0);
      hostileChecked++;
    }
  });

  test('the page HTML: strict CSP, one nonce script, the hostile title escaped', async () => {
    // The report of a share subscription whose label is hostile, opened by the command; a plain panel gives the cspSource.
    const panel = vscode.window.createWebviewPanel('aciDataShare.relCheck', 'check', vscode.ViewColumn.Active, { enableScripts: false });
    try {
      const name = 'hostile-rows-40';
      await vscode.commands.executeCommand('aciDataShare.showSynchronizationReport', { ...base, shareSubscriptionName: name, label: HOSTILE_LABEL }, generateSynchronizations(base.accountName, name)[0].synchronizationId);
      await hooks.waitFor((r) => r.target.label === HOSTILE_LABEL);
      const html = hooks.html() ?? '';
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
      const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
      assert.deepStrictEqual(directives.get('default-src'), ["'none'"]);
      const nonce = /^'nonce-([A-Za-z0-9_-]{16,})'$/.exec(directives.get('script-src')?.join(' ') ?? '')?.[1];
      assert.ok(nonce, `script-src allows only a nonce: ${csp}`);
      assert.doesNotMatch(csp, /unsafe-|'strict-dynamic'|\s\*(\s|;|$)/);
      // Styles, fonts and images only from the extension's own resources (the webview's cspSource), no inline CSS.
      const own = panel.webview.cspSource.split(/\s+/);
      for (const name of ['style-src', 'font-src']) assert.deepStrictEqual(directives.get(name), own, name);
      assert.deepStrictEqual(directives.get('img-src'), [...own, 'data:']);
      assert.deepStrictEqual([...directives.keys()].sort(), ['default-src', 'font-src', 'img-src', 'script-src', 'style-src']);
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      assert.deepStrictEqual(scripts, [`<script nonce="${nonce}" src="${/<script nonce="[^"]+" src="([^"]+)"/.exec(html)![1]}">`]);
      assert.ok(!html.includes('<style>') && !html.includes('<img') && !html.includes('</title><'), 'the title is escaped');
      assert.strictEqual((html.match(/<title>/g) ?? []).length, 1);
      hostileChecked++;
    } finally {
      panel.dispose();
    }
  });

  test('a hostile label stays text in the tree: plain label, tooltip without HTML or command links', async () => {
    const api = await activateExtension();
    const config = vscode.workspace.getConfiguration('aciDataShare');
    const before = config.inspect<unknown[]>('shareSubscriptions')?.workspaceValue;
    await config.update('shareSubscriptions', [...(Array.isArray(before) ? before : []), { ...base, shareSubscriptionName: 'hostile-settings-2', label: HOSTILE_LABEL }], vscode.ConfigurationTarget.Workspace);
    try {
      const node = await child(api, await child(api, undefined, 'Share subscriptions'), HOSTILE_LABEL);
      const item = await api.explorer.getTreeItem(node.node);
      const tip = item.tooltip as vscode.MarkdownString;
      assert.ok(tip instanceof vscode.MarkdownString);
      assert.notStrictEqual(tip.supportHtml, true, 'HTML in tooltips is not rendered');
      assert.ok(tip.isTrusted !== true && typeof tip.isTrusted !== 'object', 'command links in tooltips do not run');
      assert.ok(!tip.value.includes('[x](command:'), 'the markdown link is escaped');
      const children = await shownChildren(api, node.node);
      // Its two source settings, then its data sets: the label changes nothing of what the node loads.
      assert.deepStrictEqual(children.map((c) => c.contextValue?.startsWith('schedule.') ? 'schedule' : c.label), ['schedule', 'schedule', 'Data sets'], 'the node still loads');
      hostileChecked++;
    } finally {
      await config.update('shareSubscriptions', before, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('a settings write keeps unreadable entries and the other settings in the file', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const file = path.join(folder, '.vscode', 'settings.json');
    const config = vscode.workspace.getConfiguration();
    const before = config.inspect<unknown[]>('aciDataShare.shareSubscriptions')?.workspaceValue;
    const foreign = ['a string entry', { label: 'an entry of a future version', futureField: 1 }];
    await config.update('aciDataShare.shareSubscriptions', [...(config.inspect<unknown[]>('aciDataShare.shareSubscriptions')?.workspaceValue ?? []), ...foreign], vscode.ConfigurationTarget.Workspace);
    await config.update('files.trimTrailingWhitespace', true, vscode.ConfigurationTarget.Workspace);
    try {
      // Added through the command, typed step by step: signed out, no list is read from Azure.
      await vscode.commands.executeCommand('aciDataShare.signOut');
      const added = { ...base, shareSubscriptionName: 'kept-check' };
      const values = [added.subscriptionId, added.accountName, added.resourceGroup, added.shareSubscriptionName, ''];
      // Signed out, the first list step offers to sign in; typing is the other choice.
      const script = new ScriptedInput([
        { pick: /^Add Share Subscription \(1\/5\)/, choose: /Enter a value/ },
        ...values.map((value, i) => ({ input: new RegExp(`^Add Share Subscription \\(${i + 1}/5\\)`), value })),
      ]);
      await withAnswers(await activateExtension(), script, async () => vscode.commands.executeCommand('aciDataShare.addShareSubscription'));
      script.assertDone();
      const after = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const list = after['aciDataShare.shareSubscriptions'] as unknown[];
      assert.deepStrictEqual(list.slice(-3), [...foreign, added]);
      assert.strictEqual(after['files.trimTrailingWhitespace'], true);
      assert.ok(Array.isArray(after['aciDataShare.containerGroups']) && (after['aciDataShare.containerGroups'] as unknown[]).length >= 3);
      assert.strictEqual(after['aciDataShare.cloud'], 'Custom');
    } finally {
      await config.update('aciDataShare.shareSubscriptions', before, vscode.ConfigurationTarget.Workspace);
      await config.update('files.trimTrailingWhitespace', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
