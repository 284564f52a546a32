// Synchronize Now, Cancel Synchronization, the schedule and the data sets, in the real VS Code against the emulator
// (whose synchronizations move with time: test/emulator/dataShareLive.ts). Every action runs through its command.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import type { SynchronizeResult } from '../../../src/commands/synchronize/synchronizeNow';
import type { CancelResult } from '../../../src/commands/synchronize/cancelSynchronization';
import type { ScheduleResult } from '../../../src/commands/synchronize/scheduleCommands';
import type { ShareSubscriptionTarget } from '../../../src/core/settings/model';
import { generateDetails } from '../../emulator/dataShareGenerator';
import { activateExtension, child, shownChildren, shownNow, type ShownItem } from './extensionApi';
import { ScriptedInput, withAnswers } from './scriptedInput';
import { until } from './until';

const base = { subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg-share', accountName: 'contoso-share' };
const SYNC = 'aciDataShare.synchronizeNow';
const CANCEL = 'aciDataShare.cancelSynchronization';
const SHOW_REPORT = 'aciDataShare.showSynchronizationReport';

suite('Data Share consumer actions', () => {
  let api: TestApi;
  const config = () => vscode.workspace.getConfiguration('aciDataShare');
  let before: unknown;

  const entries: Array<ShareSubscriptionTarget> = [
    // syncfail scripts a failed run; a run of any other share subscription ends Completed, as Azure's examples show.
    { ...base, shareSubscriptionName: 'live-syncfail-rows-30-syncsecs-16', label: 'Live feed' },
    { ...base, shareSubscriptionName: 'ok-rows-20-syncsecs-12', label: 'Success feed' },
    { ...base, shareSubscriptionName: 'big-rows-450', label: 'Big feed' },
    { ...base, shareSubscriptionName: 'two-settings-2', label: 'Two schedules' },
    { ...base, shareSubscriptionName: 'stoppable-syncsecs-120', label: 'Stoppable feed' },
    { ...base, shareSubscriptionName: 'sched-settings-1', label: 'Scheduled feed' },
    { ...base, shareSubscriptionName: 'feed-revoked', label: 'Revoked feed' },
    { ...base, shareSubscriptionName: 'maps-rows-15', label: 'Mapped feed' },
    // A run started 50 s before the first read (by its schedule, say), whose 4 data sets take 15 min.
    { ...base, shareSubscriptionName: 'elsewhere-rows-4-syncsecs-900-runningsecs-50', label: 'Running feed' },
    { ...base, shareSubscriptionName: 'fresh-rows-4-syncsecs-120', label: 'Fresh feed' },
  ];

  suiteSetup(async () => {
    api = await activateExtension();
    before = config().inspect<unknown[]>('shareSubscriptions')?.workspaceValue;
    await config().update('shareSubscriptions', [...(Array.isArray(before) ? before : []), ...entries], vscode.ConfigurationTarget.Workspace);
    await config().update('synchronizationRefreshSeconds', 2, vscode.ConfigurationTarget.Workspace);
  });
  suiteTeardown(async () => {
    await config().update('shareSubscriptions', before, vscode.ConfigurationTarget.Workspace);
    await config().update('synchronizationRefreshSeconds', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const node = (label: string): Promise<ShownItem> => child(api, undefined, 'Share subscriptions').then((root) => child(api, root, label));
  /** The share subscription's node as the view shows it now. */
  const shown = async (label: string): Promise<ShownItem> => {
    const root = await child(api, undefined, 'Share subscriptions');
    const found = (await shownNow(api, root.node)).find((i) => i.label === label);
    assert.ok(found, label);
    return found;
  };

  test('Synchronize Now: the tree and an open report follow it to its end, which names the failed data sets', async function () {
    this.timeout(120_000);
    const live = await node('Live feed');
    const script = new ScriptedInput([
      { pick: /^Synchronize Live feed/, choose: /^Incremental$/ },
      { message: /^Synchronize Live feed now \(Incremental\)\?$/, choose: 'Synchronize' },
    ]);
    // A trend of the share subscription left open gets the new bar, then its outcome.
    await vscode.commands.executeCommand('aciDataShare.showSynchronizationTrend', live.node, 10);
    const trendBefore = await api.trend.waitFor((r) => r.target.shareSubscriptionName === entries[0].shareSubscriptionName && r.state === 'done', 30_000);
    const knownIds = new Set(trendBefore.points.map((p) => p.synchronizationId));
    await withAnswers(api, script, async () => {
      const running = vscode.commands.executeCommand<SynchronizeResult>(SYNC, live.node);
      // "Synchronizing · started just now · 3 of 30 data sets done", from the synchronization's details.
      const during = await until(async () => {
        const item = await shown('Live feed');
        return /^(Queued|Synchronizing) · started just now · ([1-9]|1\d) of 30 data sets done$/.test(item.description) && item;
      }, 'the tree shows the synchronization running', 30_000);
      assert.strictEqual(during.contextValue, 'shareSubscription.synchronizing');
      const id = /Synchronization id \| ([0-9a-f-]{36})/.exec(during.tooltip)?.[1];
      assert.ok(id, during.tooltip);

      const newBar = await api.trend.waitFor((r) => r.state === 'done' && r.points.some((p) => p.synchronizationId === id), 30_000);
      assert.ok(!knownIds.has(id));
      assert.notStrictEqual(newBar.points.find((p) => p.synchronizationId === id)?.status, 'Failed');

      await vscode.commands.executeCommand(SHOW_REPORT, entries[0], id);
      const midway = await api.report.waitFor((r) => r.synchronizationId === id && (r.followed ?? 0) > 0 && r.state === 'done', 30_000);
      assert.ok((midway.totals?.rows ?? 0) < 30, `rows while running: ${midway.totals?.rows}`);
      const end = await api.report.waitFor((r) => r.synchronizationId === id && r.synchronizationStatus === 'Failed' && r.state === 'done' && r.rowsReceived === 30, 60_000);
      assert.strictEqual(end.totals?.rows, 30);

      const result = await running;
      assert.strictEqual(result.outcome, 'failed', result.notifications.join(' | '));
      await api.trend.waitFor((r) => r.state === 'done' && r.points.find((p) => p.synchronizationId === id)?.status === 'Failed', 30_000);
      assert.strictEqual(result.synchronizationId, id);
      const expectedFailed = generateDetails(base.accountName, entries[0].shareSubscriptionName, id).filter((d) => d.status === 'Failed').map((d) => d.name);
      assert.deepStrictEqual(result.failedDataSets, expectedFailed);
      const last = result.notifications[result.notifications.length - 1];
      assert.ok(last.startsWith(`Live feed: synchronization failed · ${expectedFailed.length} of 30 data sets failed: ${expectedFailed[0]}`), last);
      assert.ok(script.shown.some((s) => s.text === last && s.actions?.includes('Open Report')), 'the end offers Open Report');
      assert.ok(script.shown.some((s) => s.kind === 'progress' && s.text === 'Synchronizing Live feed'), 'a progress notification');
      await until(async () => /^Synchronization failed · just now · 30 of 30 data sets done$/.test((await shown('Live feed')).description), 'the tree shows the end');
      assert.strictEqual((await shown('Live feed')).contextValue, 'shareSubscription');
    });
  });

  test('Synchronize Now succeeds: the tree, the open report and the notification reach the end, and another may start', async function () {
    this.timeout(120_000);
    const feed = await node('Success feed');
    const answers = () => [
      { pick: /^Synchronize Success feed/, choose: /^Incremental$/ },
      { message: /^Synchronize Success feed now \(Incremental\)\?$/, choose: 'Synchronize' },
    ];
    const script = new ScriptedInput(answers());
    await withAnswers(api, script, async () => {
      const running = vscode.commands.executeCommand<SynchronizeResult>(SYNC, feed.node);
      const during = await until(async () => {
        const item = await shown('Success feed');
        return /^(Queued|Synchronizing) · started just now · /.test(item.description) && item;
      }, 'the tree shows the synchronization running', 30_000);
      const id = /Synchronization id \| ([0-9a-f-]{36})/.exec(during.tooltip)?.[1];
      assert.ok(id, during.tooltip);
      await vscode.commands.executeCommand(SHOW_REPORT, entries[1], id);

      const result = await running;
      assert.strictEqual(result.outcome, 'succeeded', result.notifications.join(' | '));
      assert.strictEqual(result.synchronizationId, id);
      assert.deepStrictEqual(result.failedDataSets, []);
      const last = result.notifications[result.notifications.length - 1];
      assert.strictEqual(last, 'Success feed: synchronization succeeded · 20 of 20 data sets done.');
      assert.ok(script.shown.some((s) => s.text === last && s.kind === 'info' && s.actions?.includes('Open Report')), 'the end is told, with Open Report');
      // The listing says Completed (ShareSubscriptions_ListSynchronizations example): the report reads it as the end.
      const end = await api.report.waitFor((r) => r.synchronizationId === id && r.synchronizationStatus === 'Completed' && r.state === 'done' && r.rowsReceived === 20, 60_000);
      assert.strictEqual(end.totals?.failed, 0);
      await until(async () => /^Synchronized · just now · 20 of 20 data sets done$/.test((await shown('Success feed')).description), 'the tree shows the end');
      assert.strictEqual((await shown('Success feed')).contextValue, 'shareSubscription');
    });
    // The finished run is not "already running": a new one may be asked for (and is dismissed here).
    const again = new ScriptedInput([{ pick: /^Synchronize Success feed/, choose: undefined }]);
    const second = await withAnswers(api, again, () => Promise.resolve(vscode.commands.executeCommand<SynchronizeResult>(SYNC, feed.node)));
    assert.strictEqual(second.outcome, 'dismissed', second.notifications.join(' | '));
  });

  test('Data sets of a share subscription with many: the first 200, then one row opening the report for the rest', async function () {
    this.timeout(60_000);
    const feed = await node('Big feed');
    const dataSets = (await shownChildren(api, feed.node)).find((i) => i.contextValue === 'dataSets');
    assert.ok(dataSets);
    const items = await shownChildren(api, dataSets.node);
    assert.strictEqual(items.length, 201);
    const more = items[200];
    assert.strictEqual(more.label, '250 more… (open the report)');
    const item = await api.explorer.getTreeItem(more.node);
    assert.strictEqual(item.command?.command, SHOW_REPORT);
    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    const record = await api.report.waitFor((r) => r.target.shareSubscriptionName === 'big-rows-450' && r.state === 'done', 30_000);
    assert.strictEqual(record.totals?.rows, 450);
  });

  test('Cancel Synchronization mid-way: the running one is said so when asked again, then canceled', async function () {
    this.timeout(120_000);
    const feed = await node('Stoppable feed');
    const script = new ScriptedInput([
      { pick: /^Synchronize Stoppable feed/, choose: /^Full$/ },
      { message: /^Synchronize Stoppable feed now \(Full\)\?$/, choose: 'Synchronize' },
      { message: /^A synchronization of Stoppable feed is already running \(started just now\)/, choose: undefined },
      { message: /^Cancel the synchronization of Stoppable feed started just now\?$/, choose: 'Cancel Synchronization' },
    ]);
    await withAnswers(api, script, async () => {
      const running = vscode.commands.executeCommand<SynchronizeResult>(SYNC, feed.node);
      await until(async () => /^Synchronizing · /.test((await shown('Stoppable feed')).description), 'running', 30_000);
      const again = await vscode.commands.executeCommand<SynchronizeResult>(SYNC, feed.node);
      assert.strictEqual(again.outcome, 'alreadyRunning');
      const canceled = await vscode.commands.executeCommand<CancelResult>(CANCEL, feed.node);
      assert.strictEqual(canceled.outcome, 'canceled', canceled.notifications.join(' | '));
      // As the CancelSynchronization example's 200 spells it.
      assert.strictEqual(canceled.status, 'Cancelled');
      const result = await running;
      assert.strictEqual(result.outcome, 'canceled', result.notifications.join(' | '));
      assert.match(result.notifications[result.notifications.length - 1], /^Stoppable feed: synchronization canceled · \d+ of \d+ data sets done before it stopped\.$/);
      assert.match((await shown('Stoppable feed')).description, /^Synchronization canceled · /);
    });
    // The button that leaves the synchronization running says so (VS Code's own would read "Cancel").
    assert.strictEqual(script.shown.find((s) => /^Cancel the synchronization/.test(s.text))?.dismiss, 'Keep Running');
  });

  test('Enable Schedule… creates the trigger from the source setting; Disable Schedule deletes it', async function () {
    this.timeout(60_000);
    const feed = await node('Scheduled feed');
    const setting = async () => (await shownChildren(api, (await node('Scheduled feed')).node)).find((i) => i.contextValue?.startsWith('schedule.'));
    assert.strictEqual((await setting())?.description, 'not enabled');
    // Full is the service's FullSync: the tree says Full, as the pick does.
    const enable = new ScriptedInput([{ pick: /^Scheduled synchronizations of Scheduled feed/, choose: /^Full$/ }]);
    const enabled = await withAnswers(api, enable, () => Promise.resolve(vscode.commands.executeCommand<ScheduleResult>('aciDataShare.enableSchedule', feed.node)));
    assert.strictEqual(enabled.outcome, 'enabled', enabled.notifications.join(' | '));
    const on = await until(async () => {
      const s = await setting();
      return s?.contextValue === 'schedule.enabled' && s;
    }, 'the setting shows enabled');
    assert.match(on.description, /^enabled · Full · next /);
    assert.match(on.tooltip, /Next run \(UTC\)/);

    const disable = new ScriptedInput([{ message: /^Disable the schedule of Scheduled feed\?$/, choose: 'Disable Schedule' }]);
    const disabled = await withAnswers(api, disable, () => Promise.resolve(vscode.commands.executeCommand<ScheduleResult>('aciDataShare.disableSchedule', on.node)));
    assert.strictEqual(disabled.outcome, 'disabled', disabled.notifications.join(' | '));
    assert.deepStrictEqual(disabled.triggers, enabled.triggers);
    await until(async () => (await setting())?.description === 'not enabled', 'the setting shows not enabled again');
  });

  test('Enable Schedule… from a schedule row enables that schedule, not the first of the list', async function () {
    this.timeout(60_000);
    const feed = await node('Two schedules');
    const rows = async () => (await shownChildren(api, (await node('Two schedules')).node)).filter((i) => i.contextValue?.startsWith('schedule.'));
    const [first, second] = await rows();
    assert.deepStrictEqual([first.description, second.description], ['not enabled', 'not enabled']);
    // Only the mode is asked: the row already says which schedule.
    const script = new ScriptedInput([{ pick: /^Scheduled synchronizations of Two schedules/, choose: /^Incremental$/ }]);
    const enabled = await withAnswers(api, script, () => Promise.resolve(vscode.commands.executeCommand<ScheduleResult>('aciDataShare.enableSchedule', second.node)));
    assert.strictEqual(enabled.outcome, 'enabled', enabled.notifications.join(' | '));
    const said = enabled.notifications[enabled.notifications.length - 1];
    // The schedule inside the sentence: only its first letter lowers ("every day at 03:24 UTC", never "utc").
    assert.ok(said.includes(second.label.charAt(0).toLowerCase() + second.label.slice(1)), enabled.notifications.join(' | '));
    assert.doesNotMatch(said, /\butc\b/);
    await until(async () => {
      const [a, b] = await rows();
      return a.label === first.label && a.description === 'not enabled' && b.contextValue === 'schedule.enabled';
    }, 'the clicked schedule shows enabled, the other not');
    assert.ok(feed);
  });

  test("a refusal is shown in the service's words", async function () {
    this.timeout(60_000);
    const feed = await node('Revoked feed');
    const script = new ScriptedInput([
      { pick: /^Synchronize Revoked feed/, choose: /^Incremental$/ },
      { message: /^Synchronize Revoked feed now/, choose: 'Synchronize' },
    ]);
    const result = await withAnswers(api, script, () => Promise.resolve(vscode.commands.executeCommand<SynchronizeResult>(SYNC, feed.node)));
    assert.strictEqual(result.outcome, 'refused');
    assert.strictEqual(result.errorCode, 'ShareSubscriptionNotActive');
    assert.ok(
      script.messages('error').includes("Azure did not start the synchronization of Revoked feed: The share subscription 'feed-revoked' has been revoked by the provider and cannot be synchronized. [ShareSubscriptionNotActive]"),
      script.messages().join(' | '),
    );
  });

  test('Data sets: each with where it lands or not mapped, opening its rows of the last report', async function () {
    this.timeout(60_000);
    const feed = await node('Mapped feed');
    const dataSets = (await shownChildren(api, feed.node)).find((i) => i.contextValue === 'dataSets');
    assert.ok(dataSets);
    const items = await shownChildren(api, dataSets.node);
    assert.strictEqual(items.length, 15);
    const unmapped = items.filter((i) => / → not mapped/.test(i.description)).map((i) => items.indexOf(i));
    assert.deepStrictEqual(unmapped, [3, 10]);
    // Not received, so no status beside it (never "not mapped · Succeeded").
    assert.deepStrictEqual(unmapped.map((n) => items[n].description.replace(/^.* → /, '→ ')), ['→ not mapped', '→ not mapped']);
    assert.ok(items.filter((_i, n) => !unmapped.includes(n)).every((i) => / → contoso/.test(i.description)), items.map((i) => i.description).join('\n'));
    assert.match((await shownNow(api, feed.node)).find((i) => i.contextValue === 'dataSets')?.description ?? '', /^15 · 2 not mapped · latest synchronization: \S/);
    const item = await api.explorer.getTreeItem(items[0].node);
    assert.strictEqual(item.command?.command, SHOW_REPORT);
    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    const record = await api.report.waitFor((r) => r.target.shareSubscriptionName === 'maps-rows-15' && r.state === 'done' && r.view?.shown === 1, 30_000);
    assert.strictEqual(record.totals?.rows, 15);
  });

  test('While a synchronization runs, its row says how long ago it started as the minutes pass, though nothing else moves', async function () {
    this.timeout(120_000);
    // Reads a minute apart: no data set finishes and no read comes back while the minute turns, so only the turn
    // of the minute itself can redraw the row.
    await config().update('synchronizationRefreshSeconds', 60, vscode.ConfigurationTarget.Workspace);
    const drawn: string[] = [];
    // What the view shows: the row as VS Code asks for it when the tree says it changed.
    const drawing = api.explorer.onDidChangeTreeData((changed) => {
      void shown('Running feed').then((item) => {
        if (changed === undefined || changed.id === item.node.id) drawn.push(item.description);
      });
    });
    const script = new ScriptedInput([
      { message: /^A synchronization of Running feed is already running \(started just now\)/, choose: 'Watch' },
      { message: /^Cancel the synchronization of Running feed started 1 min ago\?$/, choose: 'Cancel Synchronization' },
    ]);
    try {
      const feed = await node('Running feed');
      await withAnswers(api, script, async () => {
        const watching = vscode.commands.executeCommand<SynchronizeResult>(SYNC, feed.node);
        await until(() => drawn.some((d) => /^Synchronizing · started just now · 0 of 4 data sets done$/.test(d)), 'the row shows the run found running', 30_000);
        await until(() => /^Synchronizing · started 1 min ago · 0 of 4 data sets done$/.test(drawn[drawn.length - 1] ?? ''), `the row redrawn as the minute turns (drawn: ${drawn.join(' | ')})`, 30_000);
        const canceled = await vscode.commands.executeCommand<CancelResult>(CANCEL, feed.node);
        assert.strictEqual(canceled.outcome, 'canceled', canceled.notifications.join(' | '));
        assert.strictEqual((await watching).outcome, 'canceled');
        // While Azure stops it, the row counts from the cancel, not the start (Azure may take minutes).
        assert.ok(drawn.some((d) => /^Canceling · asked just now · 0 of 4 data sets done$/.test(d)), `the row said when the cancel was asked (drawn: ${drawn.join(' | ')})`);
      });
    } finally {
      drawing.dispose();
      await config().update('synchronizationRefreshSeconds', 2, vscode.ConfigurationTarget.Workspace);
    }
  });

  test("Data sets: a new synchronization's start replaces the previous run's statuses with its own", async function () {
    this.timeout(120_000);
    const dataSets = async () => {
      const feed = (await node('Fresh feed')).node;
      const found = (await shownChildren(api, feed)).find((i) => i.contextValue === 'dataSets');
      assert.ok(found);
      const rows = await shownChildren(api, found.node);
      // The node's own line, as drawn once its rows have arrived.
      const item = (await shownNow(api, feed)).find((i) => i.contextValue === 'dataSets');
      assert.ok(item);
      return { item, rows };
    };
    const before = await dataSets();
    // Every mapped data set has a status from the previous run (the generated history's newest).
    const status = (r: ShownItem) => r.description.replace(/^[^→]*→ /, '').includes(' · ');
    const mapped = before.rows.filter((r) => !/→ not mapped$/.test(r.description));
    assert.strictEqual(before.rows.length, 4);
    assert.ok(mapped.length > 0 && mapped.every(status), before.rows.map((r) => r.description).join('\n'));
    const previous = /^4(?: · \d not mapped)? · latest synchronization: (.+)$/.exec(before.item.description)?.[1];
    assert.ok(previous && !/^(Queued|Synchronizing)$/.test(previous), `before: ${before.item.description}`);
    const script = new ScriptedInput([
      { pick: /^Synchronize Fresh feed/, choose: /^Incremental$/ },
      { message: /^Synchronize Fresh feed now \(Incremental\)\?$/, choose: 'Synchronize' },
      { message: /^Cancel the synchronization of Fresh feed started /, choose: 'Cancel Synchronization' },
    ]);
    await withAnswers(api, script, async () => {
      const running = vscode.commands.executeCommand<SynchronizeResult>(SYNC, (await node('Fresh feed')).node);
      await until(async () => /^(Queued|Synchronizing) · started just now · 0 of 4/.test((await shown('Fresh feed')).description), 'the run started', 30_000);
      // Its first data set ends after half a minute: until then none has a status in the latest synchronization.
      const during = await until(async () => {
        const read = await dataSets();
        return /^4(?: · \d not mapped)? · latest synchronization: (Queued|Synchronizing)$/.test(read.item.description) && read;
      }, 'the data sets read again for the new run', 20_000);
      assert.deepStrictEqual(during.rows.map(status), [false, false, false, false], during.rows.map((r) => r.description).join('\n'));
      assert.match(during.item.tooltip, /Statuses from the latest synchronization: (Queued|Synchronizing), started /);
      const canceled = await vscode.commands.executeCommand<CancelResult>(CANCEL, (await node('Fresh feed')).node);
      assert.strictEqual(canceled.outcome, 'canceled', canceled.notifications.join(' | '));
      assert.strictEqual((await running).outcome, 'canceled');
    });
  });
});
