// Faults through the real VS Code against the ARM emulator: share subscription nodes whose names select a fault
// become error nodes with clear messages, the report ends in a clear error state, deploys end in one clear
// notification; nothing hangs, no promise rejection goes unhandled, and the tree and editor keep working.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import type { TestApi } from '../../../src/extension';
import { CaseCounter } from '../../summary/record';
import { generateSynchronizations } from '../../emulator/dataShareGenerator';
import { activateExtension, child, shownChildren } from './extensionApi';
import { ScriptedInput, withAnswers, type Answer } from './scriptedInput';

const SUB = '00000000-0000-0000-0000-0000000000fa';
const ACCOUNT = 'rel-account';
const counter = new CaseCounter('faults', 'vscode-reliability-faults');
const rejections: string[] = [];
const onRejection = (reason: unknown) => rejections.push(reason instanceof Error ? reason.message : String(reason));

/** What a user reads: a sentence, no markup, no stack. */
function assertClear(text: string | undefined, pattern: RegExp): void {
  assert.ok(text, 'a message is shown');
  assert.match(text, pattern);
  assert.doesNotMatch(text, /<[a-z!/]|\bat \S+:\d+:\d+|undefined|\[object Object\]/i, text);
}

const shareEntry = (shareSubscriptionName: string) => ({ subscriptionId: SUB, resourceGroup: 'rg-rel', accountName: ACCOUNT, shareSubscriptionName, label: shareSubscriptionName });

suite('Reliability: faults in VS Code', function () {
  this.timeout(90_000);
  let api: TestApi;
  let folder: string;
  const written: string[] = [];

  suiteSetup(async () => {
    process.on('unhandledRejection', onRejection);
    api = await activateExtension();
    folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
  });
  suiteTeardown(async () => {
    for (const f of written) fs.rmSync(f, { force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    counter.write();
  });

  test('tree: every fault on a share subscription ends in a result or a clear error node', async () => {
    const expectations: Array<[string, RegExp | number]> = [
      ['rel-settings-5-fault-429', 5],
      ['rel-settings-5-fault-503', 5],
      ['rel-settings-5-fault-reset', 5],
      ['rel-settings-5-fault-token-expired', 5],
      ['rel-settings-5-fault-429-midpaging', 5],
      ['rel-fault-html-error', /^Bad Gateway \(502\)/],
      ['rel-fault-malformed-json', /could not be read as JSON/],
      ['rel-settings-9-fault-nextlink-loop', /same next-page link twice/],
      ['rel-settings-5-fault-nextlink-foreign-host', /^Refused to send the sign-in token to http:\/\/example\.invalid\/?: it is not the configured ARM endpoint/],
    ];
    const config = vscode.workspace.getConfiguration('aciDataShare');
    const before = config.inspect<unknown[]>('shareSubscriptions')?.workspaceValue;
    await config.update('shareSubscriptions', [...(Array.isArray(before) ? before : []), ...expectations.map(([n]) => shareEntry(n))], vscode.ConfigurationTarget.Workspace);
    try {
      const root = await child(api, undefined, 'Share subscriptions');
      // Expanded together, as a user expanding several nodes would: each is bounded by the client's retries.
      await Promise.all(
        expectations.map(([name, expected]) =>
          counter.run(`tree ${name}`, async () => {
            // The schedule part of the node (its data sets are read on their own, when expanded).
            const items = (await shownChildren(api, (await child(api, root, name)).node)).filter((i) => i.contextValue !== 'dataSets');
            if (typeof expected === 'number') {
              assert.strictEqual(items.length, expected, `${name}: ${items.map((i) => `${i.label} ${i.description}`).join('; ')}`);
              assert.ok(items.every((i) => i.label.startsWith('Every ')), name);
            } else {
              assert.strictEqual(items.length, 1, name);
              assert.strictEqual(items[0].label, 'Could not load synchronization settings');
              assert.strictEqual(items[0].icon, 'error');
              assertClear(items[0].description, expected);
            }
          }),
        ),
      );
      // The rest of the tree still works.
      assert.strictEqual((await shownChildren(api, (await child(api, root, 'Sales data')).node)).filter((i) => i.contextValue !== 'dataSets').length, 5);
      const web = await child(api, await child(api, undefined, 'Container groups'), 'web-frontend');
      assert.strictEqual((await shownChildren(api, web.node)).length, 5);
    } finally {
      await config.update('shareSubscriptions', before, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('report: faults end in a clear error state or a complete load, and the next report still works', async () => {
    const hooks = api.report;
    const open = async (name: string) => {
      const syncId = generateSynchronizations(ACCOUNT, name.toLowerCase())[0].synchronizationId;
      await vscode.commands.executeCommand('aciDataShare.showSynchronizationReport', shareEntry(name), syncId);
      return hooks.waitFor((r) => r.target.shareSubscriptionName === name && r.state !== 'loading' && r.rowsReceived === r.rowsSent, 60_000);
    };
    const failing: Array<[string, RegExp]> = [
      ['rep-fault-html-error', /Bad Gateway \(502\)/],
      ['rep-fault-malformed-json', /could not be read as JSON/],
      ['rep-rows-200-pagesize-20-fault-nextlink-loop', /^The report is incomplete: it stopped after 40 rows from 2 pages, which stay shown\. .*same next-page link twice/],
      ['rep-rows-200-pagesize-20-fault-nextlink-foreign-host', /^The report is incomplete: it stopped after 20 rows from 1 page, which stay shown\. Refused to send the sign-in token to http:\/\/example\.invalid\/?: it is not the configured ARM endpoint/],
    ];
    for (const [name, pattern] of failing) {
      await counter.run(`report ${name}`, async () => {
        const record = await open(name);
        assert.strictEqual(record.state, 'error', name);
        assertClear(record.error, pattern);
      });
    }
    await counter.run('report token-expired mid-paging', async () => {
      const record = await open('rep-rows-200-pagesize-20-fault-token-expired');
      assert.strictEqual(record.state, 'done', record.error);
      assert.strictEqual(record.rowsReceived, 200);
    });
    await counter.run('report cancel mid-paging', async () => {
      const name = 'rep-rows-100000-pagesize-10';
      const syncId = generateSynchronizations(ACCOUNT, name)[0].synchronizationId;
      await vscode.commands.executeCommand('aciDataShare.showSynchronizationReport', shareEntry(name), syncId);
      await hooks.waitFor((r) => r.target.shareSubscriptionName === name && r.pagesRendered >= 2);
      await hooks.post({ type: 'command', command: 'stop' });
      const record = await hooks.waitFor((r) => r.state === 'stopped' && r.rowsReceived === r.rowsSent);
      assert.strictEqual(record.error, undefined);
      assert.ok(record.rowsSent < 100_000);
    });
    const healthy = await open('rep-rows-30');
    assert.strictEqual(healthy.state, 'done');
    assert.strictEqual(healthy.rowsReceived, 30);
  });

  suite('deploy', () => {
    const NAMES = ['rel-fault-lro-failed', 'rel-fault-lro-canceled', 'rel-fault-lro-status-error', 'rel-fault-429', 'rel-fault-hang', 'rel-cancel', 'rel-after'];
    const target = (name: string) => ({ name, subscriptionId: SUB, resourceGroup: 'rg-rel', definitionFile: `definitions/${name}.aci.yaml` });
    let before: unknown[] | undefined;

    suiteSetup(async () => {
      const yaml = (name: string) =>
        `apiVersion: '2023-05-01'\nname: ${name}\nlocation: westeurope\nproperties:\n  osType: Linux\n  containers:\n    - name: app\n      properties:\n        image: nginx:latest\n        resources:\n          requests:\n            cpu: 1\n            memoryInGB: 1\n`;
      for (const name of NAMES) {
        const file = path.join(folder, 'definitions', `${name}.aci.yaml`);
        fs.writeFileSync(file, yaml(name));
        written.push(file);
      }
      const config = vscode.workspace.getConfiguration('aciDataShare');
      before = config.inspect<unknown[]>('containerGroups')?.workspaceValue;
      await config.update('containerGroups', [...(before ?? []), ...NAMES.map(target)], vscode.ConfigurationTarget.Workspace);
    });
    suiteTeardown(async () => {
      await vscode.workspace.getConfiguration('aciDataShare').update('containerGroups', before, vscode.ConfigurationTarget.Workspace);
    });

    /** The shipped command on the group's definition, the user saying Create (and pressing Cancel when asked to). */
    const deploy = async (name: string, extra: Answer[] = [], asked = true): Promise<{ result: DeployCommandResult; script: ScriptedInput }> => {
      const create: Answer[] = asked ? [{ message: new RegExp(`^Create the container group ${name} `), choose: 'Create' }] : [];
      const script = new ScriptedInput([...create, ...extra]);
      const uri = vscode.Uri.file(path.join(folder, 'definitions', `${name}.aci.yaml`));
      const result = await withAnswers(api, script, async () => (await vscode.commands.executeCommand<DeployCommandResult>('aciDataShare.deploy', uri)));
      script.assertDone();
      return { result, script };
    };

    const failing: Array<[string, RegExp]> = [
      ['rel-fault-lro-failed', /^Deploy of rel-fault-lro-failed failed: The operation failed: .+ \[\w+\]$/],
      ['rel-fault-lro-canceled', /^Deploy of rel-fault-lro-canceled failed: The operation was canceled in Azure: .+ \[\w+\]$/],
    ];
    for (const [name, pattern] of failing) {
      test(`${name}: one clear error notification`, () =>
        counter.run(`deploy ${name}`, async () => {
          const { result, script } = await deploy(name);
          assert.strictEqual(result.outcome, 'failed');
          assertClear(result.notifications.at(-1), pattern);
          assert.strictEqual(script.messages('error').at(-1), result.notifications.at(-1));
          assert.strictEqual(script.messages('error').length, 1);
        }));
    }

    test('rel-fault-lro-status-error: an unreadable status is no failure: one warning that it may still be provisioning', () =>
      counter.run('deploy rel-fault-lro-status-error', async () => {
        const { result, script } = await deploy('rel-fault-lro-status-error');
        assert.strictEqual(result.outcome, 'unknown');
        assertClear(result.notifications.at(-1), /outcome is not known: .*could not be read after \d+ polls .*It may still be provisioning\.$/);
        assert.deepStrictEqual(script.shown.filter((m) => m.kind === 'warning' && !m.modal).map((m) => m.text), [result.notifications.at(-1)]);
        assert.deepStrictEqual(script.messages('error'), []);
      }));

    // 503 takes the same path (the unit fault tests run both); each throttled status read costs a poll interval.
    test('429 on the PUT and its status reads is retried to Succeeded, the wait shown in the progress', () =>
      counter.run('deploy 429', async () => {
        const shown: string[] = [];
        const { result } = await deploy('rel-fault-429', [{ progress: /^Creating rel-fault-429/, cancelWhen: (m) => {
          shown.push(m);
          return false; // never cancels: it only records what the progress said
        } }]);
        assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
        // The emulator asks for 1 s: the progress counts down to the time Azure named, then goes on.
        assert.ok(shown.some((m) => m === 'Throttled by Azure; retrying in 1 s'), shown.join('\n'));
      }));

    test('a server that never answers: a timeout message, bounded by the request timeout setting', () =>
      counter.run('deploy hang', async () => {
        const config = vscode.workspace.getConfiguration('aciDataShare');
        await config.update('requestTimeoutSeconds', 2, vscode.ConfigurationTarget.Global);
        try {
          // The first request (does the group exist?) already times out, before any question.
          const { result } = await deploy('rel-fault-hang', [], false);
          assert.strictEqual(result.outcome, 'failed');
          assertClear(result.notifications.at(-1), /timed out after 2 seconds without a complete response/);
        } finally {
          await config.update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
        }
      }));

    test('Cancel mid-deploy: stops and says the deployment may continue', () =>
      counter.run('deploy cancel', async () => {
        const { result } = await deploy('rel-cancel', [{ progress: /^Creating rel-cancel/, cancelWhen: (m) => !m.startsWith('Sending') }]);
        assert.strictEqual(result.outcome, 'canceled');
        assertClear(result.notifications.at(-1), /may continue in Azure/);
      }));

    test('after every fault a deploy succeeds and the editor still answers', async () => {
      const { result } = await deploy('rel-after');
      assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
      const doc = await vscode.workspace.openTextDocument(path.join(folder, 'definitions', 'rel-after.aci.yaml'));
      await vscode.window.showTextDocument(doc);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, new vscode.Position(4, 4));
      assert.ok(hovers.length > 0, 'hover still answers on osType');
    });
  });

});

// Runs after every suite above (mocha runs a suite's own tests before its nested suites).
suite('Reliability: after the faults', () => {
  test('no promise rejection went unhandled in the extension host', () => {
    assert.deepStrictEqual(rejections, []);
  });
});
