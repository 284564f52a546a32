/**
 * Enable Schedule… creates the ScheduleBased trigger from a setting the source share offers (its recurrence and
 * time, the synchronization mode chosen); Disable Schedule deletes the share subscription's schedule triggers,
 * confirmed. Both follow the write with the one LRO implementation and redraw the share subscription's node.
 */
import * as vscode from 'vscode';
import { ArmError } from '../../core/arm/errors';
import { collectAll, listSourceShareSynchronizationSettings, type SourceShareSynchronizationSetting } from '../../core/services/dataShare';
import { createScheduleTrigger, deleteTrigger, listTriggers, type SynchronizationMode } from '../../core/services/dataShareConsumer';
import { segment } from '../../core/services/resourcePaths';
import { describeSchedule, scheduleInSentence } from '../../core/schedule/nextRun';
import { isScheduleTrigger, sameSetting, scheduleTriggerName, triggerFor, triggerReplaced, triggerSchedule } from '../../core/synchronization/schedule';
import { shareSubscriptionKey, type ShareSubscriptionTarget } from '../../core/settings/model';
import { ShareSubscriptionNode } from '../../tree/shareSubscriptionNodes';
import type { CommandContext } from '../shared/registerCommand';
import { chooseShareSubscription, clientOf, destination, nameOf, notify, serviceWords } from './syncTarget';

export interface ScheduleResult {
  outcome: 'enabled' | 'disabled' | 'alreadyEnabled' | 'notEnabled' | 'noSchedule' | 'failed' | 'dismissed' | 'invalid';
  /** Names of the triggers created or deleted. */
  triggers?: string[];
  notifications: string[];
}

interface SettingItem extends vscode.QuickPickItem {
  setting: SourceShareSynchronizationSetting;
}

/** Redraws the share subscription's node so it shows the schedule as it now is. */
function redraw(ctx: CommandContext, target: ShareSubscriptionTarget): void {
  const key = shareSubscriptionKey(target);
  for (const node of ctx.services.explorer.entries()) {
    if (node instanceof ShareSubscriptionNode && node.key === key) ctx.services.explorer.refresh(node);
  }
}

function failed(ctx: CommandContext, target: ShareSubscriptionTarget, what: string, err: unknown, result: ScheduleResult): ScheduleResult {
  if (err instanceof ArmError && err.kind === 'canceled') return result;
  ctx.log.error(`${target.shareSubscriptionName}: ${what} failed: ${err instanceof Error ? err.message : String(err)}`);
  void notify(ctx, result.notifications, 'error', vscode.l10n.t('{0}: Azure refused: {1}', nameOf(target), serviceWords(err)));
  return { ...result, outcome: 'failed' };
}

export async function enableSchedule(ctx: CommandContext, arg: unknown): Promise<ScheduleResult> {
  const result: ScheduleResult = { outcome: 'dismissed', notifications: [] };
  const target = await chooseShareSubscription(ctx, arg, result.notifications);
  if (!target) return { ...result, outcome: result.notifications.length ? 'invalid' : 'dismissed' };
  const client = await clientOf(ctx);
  const [settings, triggers] = await Promise.all([collectAll(listSourceShareSynchronizationSettings(client, target)), collectAll(listTriggers(client, target))]);
  const offered = settings.filter((s) => triggerSchedule(s, 'Incremental') !== undefined);
  if (offered.length === 0) {
    void notify(ctx, result.notifications, 'info', vscode.l10n.t('The source share of {0} offers no schedule to enable.', nameOf(target)));
    return { ...result, outcome: 'noSchedule' };
  }
  const items: SettingItem[] = offered.map((s) => {
    const on = triggerFor(s, triggers);
    return { label: describeSchedule(s.properties?.synchronizationTime, s.properties?.recurrenceInterval), description: on ? vscode.l10n.t('enabled') : undefined, setting: s };
  });
  // From a schedule row: that schedule, not a pick among all of them.
  const clicked = sameSetting(offered, (arg as { setting?: unknown } | undefined)?.setting);
  const item = clicked ? items[offered.indexOf(clicked)] : items.length === 1 ? items[0] : await ctx.ui.quickPick(items, { title: vscode.l10n.t('Enable a schedule of {0}', nameOf(target)), placeHolder: vscode.l10n.t('The schedules the source share offers') });
  if (!item) return result;
  if (triggerFor(item.setting, triggers)) {
    void notify(ctx, result.notifications, 'info', vscode.l10n.t('{0} already synchronizes {1}.', nameOf(target), scheduleInSentence(item.label)));
    return { ...result, outcome: 'alreadyEnabled' };
  }
  const modes: (vscode.QuickPickItem & { mode: SynchronizationMode })[] = [
    { label: vscode.l10n.t('Incremental'), detail: vscode.l10n.t('Each run copies only what was added or changed since the last synchronization.'), mode: 'Incremental' },
    { label: vscode.l10n.t('Full'), detail: vscode.l10n.t('Each run copies all the shared data again.'), mode: 'FullSync' },
  ];
  const mode = await ctx.ui.quickPick(modes, { title: vscode.l10n.t('Scheduled synchronizations of {0}', nameOf(target)), placeHolder: vscode.l10n.t('How much each scheduled run copies') });
  if (!mode) return result;
  const schedule = triggerSchedule(item.setting, mode.mode)!;
  const triggerName = scheduleTriggerName(item.setting);
  const replaced = triggerReplaced(triggerName, triggers);
  if (replaced) {
    // A PUT to an existing trigger's name overwrites it: said and confirmed first.
    const question = vscode.l10n.t('Replace the schedule trigger {0} of {1}?', triggerName, nameOf(target));
    result.notifications.push(question);
    const button = vscode.l10n.t('Replace');
    const was = describeSchedule(replaced.properties?.synchronizationTime, replaced.properties?.recurrenceInterval);
    const detail = vscode.l10n.t('It now synchronizes {0}; it will synchronize {1} ({2}) instead.', scheduleInSentence(was), scheduleInSentence(item.label), mode.label);
    if ((await ctx.ui.message('warning', question, { modal: true, detail }, button)) !== button) return result;
  }
  try {
    const created = await ctx.ui.progress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Enabling the schedule of {0}…', nameOf(target)) }, () =>
      createScheduleTrigger(client, target, schedule, { name: triggerName }),
    );
    redraw(ctx, target);
    const name = created.resource?.name ?? triggerName;
    ctx.log.info(`${target.shareSubscriptionName}: schedule trigger ${name} created (${schedule.recurrenceInterval} at ${schedule.synchronizationTime}, ${schedule.synchronizationMode})`);
    void notify(ctx, result.notifications, 'info', vscode.l10n.t('{0} now synchronizes {1} ({2}).', nameOf(target), scheduleInSentence(item.label), mode.label));
    return { ...result, outcome: 'enabled', triggers: [name] };
  } catch (err) {
    return failed(ctx, target, 'enable schedule', err, result);
  }
}

export async function disableSchedule(ctx: CommandContext, arg: unknown): Promise<ScheduleResult> {
  const result: ScheduleResult = { outcome: 'dismissed', notifications: [] };
  const target = await chooseShareSubscription(ctx, arg, result.notifications);
  if (!target) return { ...result, outcome: result.notifications.length ? 'invalid' : 'dismissed' };
  const client = await clientOf(ctx);
  const triggers = (await collectAll(listTriggers(client, target))).filter(isScheduleTrigger);
  if (triggers.length === 0) {
    void notify(ctx, result.notifications, 'info', vscode.l10n.t('{0} has no schedule enabled.', nameOf(target)));
    return { ...result, outcome: 'notEnabled' };
  }
  const names = triggers.map((t) => t.name ?? '').filter(Boolean);
  // A name the service returned that is no path segment is refused before the question, not after it.
  try {
    for (const name of names) segment(name, 'trigger name');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.error(`${target.shareSubscriptionName}: disable schedule refused: ${message}`);
    void notify(ctx, result.notifications, 'error', vscode.l10n.t('{0}: the schedule was not disabled: {1}', nameOf(target), message));
    return { ...result, outcome: 'failed' };
  }
  const question = vscode.l10n.t('Disable the schedule of {0}?', nameOf(target));
  result.notifications.push(question);
  const button = vscode.l10n.t('Disable Schedule');
  const detail = [destination(target), vscode.l10n.t('Scheduled synchronizations stop; Synchronize Now still works, and the schedule can be enabled again.')].join('\n\n');
  if ((await ctx.ui.message('warning', question, { modal: true, detail }, button)) !== button) return result;
  try {
    await ctx.ui.progress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Disabling the schedule of {0}…', nameOf(target)) }, async () => {
      for (const name of names) await deleteTrigger(client, target, name);
    });
  } catch (err) {
    redraw(ctx, target);
    return failed(ctx, target, 'disable schedule', err, result);
  }
  redraw(ctx, target);
  ctx.log.info(`${target.shareSubscriptionName}: schedule trigger(s) ${names.join(', ')} deleted`);
  void notify(ctx, result.notifications, 'info', vscode.l10n.t('{0} no longer synchronizes on a schedule.', nameOf(target)));
  return { ...result, outcome: 'disabled', triggers: names };
}
