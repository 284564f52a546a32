/** The share subscription a synchronize, cancel or schedule command acts on, and what they share. */
import * as vscode from 'vscode';
import type { ArmClient } from '../../core/arm/client';
import { isShareSubscriptionTarget } from '../../core/report/shared/panelTypes';
import type { ShareSubscriptionTarget } from '../../core/settings/model';
import { ShareSubscriptionNode } from '../../tree/shareSubscriptionNodes';
import { pickShareSubscription } from '../showReport/pickSynchronization';
import type { CommandContext } from '../shared/registerCommand';

/** A share subscription node, a node under one (schedule, data sets), a target object, or nothing. */
export function shareSubscriptionOf(arg: unknown): ShareSubscriptionTarget | undefined {
  if (arg instanceof ShareSubscriptionNode) return arg.target;
  if (isShareSubscriptionTarget(arg)) return arg;
  const inner = (arg as { target?: unknown } | undefined)?.target;
  return isShareSubscriptionTarget(inner) ? inner : undefined;
}

export function nameOf(t: ShareSubscriptionTarget): string {
  return t.label ?? t.shareSubscriptionName;
}

/** Where the request goes, for a confirmation's detail. */
export function destination(t: ShareSubscriptionTarget): string {
  return vscode.l10n.t('Share subscription {0} in Data Share account {1} (resource group {2}, subscription {3})', t.shareSubscriptionName, t.accountName, t.resourceGroup, t.subscriptionId);
}

/**
 * The share subscription (from the node, or picked), refused in an untrusted workspace where the settings that
 * decide where a token goes are not honoured. Undefined when there is none or the user dismissed the pick.
 */
export async function chooseShareSubscription(ctx: CommandContext, arg: unknown, notifications: string[]): Promise<ShareSubscriptionTarget | undefined> {
  if (!vscode.workspace.isTrusted) {
    const text = vscode.l10n.t('Data Share actions are disabled in an untrusted workspace. Trust the workspace to use them.');
    notifications.push(text);
    void ctx.ui.message('error', text);
    return undefined;
  }
  return shareSubscriptionOf(arg) ?? (await pickShareSubscription(ctx));
}

export async function clientOf(ctx: CommandContext): Promise<ArmClient> {
  return (await ctx.services.session.connection()).client;
}

/** Shows a notification (recorded for the command's result) and runs the action the user clicks. */
export function notify(ctx: CommandContext, notifications: string[], kind: 'info' | 'warning' | 'error', text: string, actions: Record<string, () => unknown> = {}): Promise<void> {
  notifications.push(text);
  return ctx.ui.message(kind, text, ...Object.keys(actions)).then((picked) => {
    if (picked) void actions[picked]?.();
  });
}

/** The service's own words for a refusal: its message (and code), not our wrapping of it. */
export function serviceWords(err: unknown): string {
  const e = err as { serviceMessage?: string; code?: string; message?: string } | undefined;
  if (e?.serviceMessage) return e.code ? `${e.serviceMessage} [${e.code}]` : e.serviceMessage;
  return e?.message ?? String(err);
}
