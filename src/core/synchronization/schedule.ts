/**
 * The schedule of a share subscription: the source's synchronization settings (what the provider offers) and the
 * consumer's ScheduleBased triggers (what is enabled). A trigger enables a setting when it repeats at the same
 * interval and the same time of the hour (hourly) or of the day (daily): the trigger is made from the setting.
 */
import { parseRecurrence } from '../schedule/nextRun';
import type { SourceShareSynchronizationSetting } from '../services/dataShare';
import { SCHEDULE_TRIGGER_NAME, type ScheduledTrigger, type SynchronizationMode } from '../services/dataShareConsumer';

function anchorMinutes(time: unknown, interval: 'Hour' | 'Day'): number | undefined {
  if (typeof time !== 'string') return undefined;
  const t = new Date(time);
  if (Number.isNaN(t.getTime())) return undefined;
  return interval === 'Hour' ? t.getUTCMinutes() : t.getUTCHours() * 60 + t.getUTCMinutes();
}

export function enablesSetting(trigger: ScheduledTrigger, setting: SourceShareSynchronizationSetting): boolean {
  const interval = parseRecurrence(setting.properties?.recurrenceInterval);
  if (!interval || parseRecurrence(trigger.properties?.recurrenceInterval) !== interval) return false;
  const a = anchorMinutes(trigger.properties?.synchronizationTime, interval);
  return a !== undefined && a === anchorMinutes(setting.properties?.synchronizationTime, interval);
}

export function isScheduleTrigger(trigger: ScheduledTrigger): boolean {
  return typeof trigger === 'object' && trigger !== null && typeof trigger.kind === 'string' && trigger.kind.toLowerCase() === 'schedulebased';
}

/** The trigger that enables `setting`, if any. */
export function triggerFor(setting: SourceShareSynchronizationSetting, triggers: readonly ScheduledTrigger[]): ScheduledTrigger | undefined {
  return triggers.find((t) => isScheduleTrigger(t) && enablesSetting(t, setting));
}

/** The trigger's properties for a setting: its recurrence and time as the source offers them, the mode chosen. */
export function triggerSchedule(setting: SourceShareSynchronizationSetting, mode: SynchronizationMode): { recurrenceInterval: string; synchronizationTime: string; synchronizationMode: SynchronizationMode } | undefined {
  const interval = parseRecurrence(setting.properties?.recurrenceInterval);
  const time = setting.properties?.synchronizationTime;
  if (!interval || typeof time !== 'string' || Number.isNaN(Date.parse(time))) return undefined;
  return { recurrenceInterval: interval, synchronizationTime: time, synchronizationMode: mode };
}

/**
 * The trigger's name for a setting, made from its recurrence and time (a source setting has no name of its own), so
 * enabling a second setting's schedule adds a trigger instead of overwriting the first one's: a PUT to an existing
 * name replaces it, and Triggers_Create takes any name (its example: "Trigger1").
 */
export function scheduleTriggerName(setting: SourceShareSynchronizationSetting): string {
  const interval = parseRecurrence(setting.properties?.recurrenceInterval);
  const minutes = interval ? anchorMinutes(setting.properties?.synchronizationTime, interval) : undefined;
  if (!interval || minutes === undefined) return SCHEDULE_TRIGGER_NAME;
  const at = interval === 'Hour' ? String(minutes).padStart(2, '0') : `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
  return `${SCHEDULE_TRIGGER_NAME}-${interval}-${at}`;
}

/** The trigger a PUT to `name` would replace, if one exists (trigger names compare case-insensitively in ARM). */
export function triggerReplaced(name: string, triggers: readonly ScheduledTrigger[]): ScheduledTrigger | undefined {
  return triggers.find((t) => typeof t?.name === 'string' && t.name.toLowerCase() === name.toLowerCase());
}

/** The offered setting a clicked schedule row shows (same recurrence and time), if any. */
export function sameSetting<T extends SourceShareSynchronizationSetting>(offered: readonly T[], clicked: unknown): T | undefined {
  const props = typeof clicked === 'object' && clicked !== null ? (clicked as { properties?: unknown }).properties : undefined;
  if (typeof props !== 'object' || props === null) return undefined;
  const { recurrenceInterval, synchronizationTime } = props as Record<string, unknown>;
  return offered.find((s) => s.properties?.recurrenceInterval === recurrenceInterval && s.properties?.synchronizationTime === synchronizationTime);
}
