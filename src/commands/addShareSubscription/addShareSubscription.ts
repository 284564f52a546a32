/** "Add Share Subscription…": asks for the share subscription's coordinates and saves them to settings. */
import * as vscode from 'vscode';
import { ShareSubscriptionTarget } from '../../core/settings/model';
import {
  checkDataShareAccountName,
  checkResourceGroupName,
  checkShareSubscriptionName,
} from '../../core/settings/nameRules';
import { shareSubscriptionInView } from '../../settings/lists';
import { askSteps } from '../inputSteps';
import { pickSources, signInOffer, subscriptionStep } from '../pickSources';
import type { CommandContext } from '../shared/registerCommand';
import type { PickItem } from '../../core/services/pickLists';

export async function addShareSubscription(ctx: CommandContext): Promise<ShareSubscriptionTarget | undefined> {
  const lists = () => pickSources(ctx.services.session);
  // The account's resource group comes with the picked account; it is asked only when the account is typed.
  let accountGroups = new Map<string, string>();
  const answers = await askSteps(ctx, vscode.l10n.t('Add Share Subscription'), [
    subscriptionStep(lists),
    {
      prompt: vscode.l10n.t('Data Share account name'),
      validate: checkDataShareAccountName,
      choices: ([sub], signal) =>
        lists()
          ?.dataShareAccounts(sub, signal)
          .then((accounts) => {
            accountGroups = new Map(accounts.map((a) => [a.value, a.resourceGroup]));
            return accounts;
          }),
    },
    {
      prompt: vscode.l10n.t('Resource group of the Data Share account'),
      validate: checkResourceGroupName,
      choices: ([sub, account], signal) => {
        const known = accountGroups.get(account);
        return known ? Promise.resolve([{ value: known, label: known, description: vscode.l10n.t('the account’s resource group') }]) : lists()?.resourceGroups(sub, signal);
      },
    },
    {
      prompt: vscode.l10n.t('Share subscription name'),
      validate: checkShareSubscriptionName,
      choices: ([sub, account, rg], signal) =>
        lists()
          ?.shareSubscriptions({ subscriptionId: sub, resourceGroup: rg, accountName: account }, signal)
          .then((items) => items.map((i) => markInView(i, shareSubscriptionInView({ subscriptionId: sub, resourceGroup: rg, accountName: account, shareSubscriptionName: i.value })))),
    },
    { prompt: vscode.l10n.t('Label in the tree (optional)'), optional: true },
  ], signInOffer(ctx.services.session, vscode.l10n.t('Sign in to pick from your subscriptions')));
  if (!answers) return undefined;
  const [subscriptionId, accountName, resourceGroup, shareSubscriptionName, label] = answers;
  const existing = shareSubscriptionInView({ subscriptionId, resourceGroup, accountName, shareSubscriptionName });
  // An entry already in the view keeps its label unless the user gave another, and is replaced only when asked.
  const kept = label || existing?.label;
  const target: ShareSubscriptionTarget = {
    subscriptionId,
    resourceGroup,
    accountName,
    shareSubscriptionName,
    ...(kept ? { label: kept } : {}),
  };
  if (existing && !(await replaceAgreed(ctx, existing, target))) return existing;
  const saved = await ctx.services.lists.saveShareSubscription(target);
  void ctx.ui.message('info',
    saved === 'updated'
      ? vscode.l10n.t('Share subscription {0} updated.', kept || shareSubscriptionName)
      : vscode.l10n.t('Share subscription {0} added to the ACI & Data Share view.', kept || shareSubscriptionName),
  );
  return target;
}

/** A pick item for a share subscription already in the view says so (and under which label). */
function markInView(item: PickItem, entry: ShareSubscriptionTarget | undefined): PickItem {
  if (!entry) return item;
  const note = vscode.l10n.t('in the view as {0}', entry.label ?? entry.shareSubscriptionName);
  return { ...item, description: item.description ? `${item.description} · ${note}` : note };
}

/** The same entry again changes nothing (said so); a new label replaces the old one only once confirmed. */
async function replaceAgreed(ctx: CommandContext, existing: ShareSubscriptionTarget, target: ShareSubscriptionTarget): Promise<boolean> {
  const shown = existing.label ?? existing.shareSubscriptionName;
  if (existing.label === target.label) {
    void ctx.ui.message('info', vscode.l10n.t('Share subscription {0} is already in the ACI & Data Share view.', shown));
    return false;
  }
  const replace = vscode.l10n.t('Replace');
  const answer = await ctx.ui.message(
    'warning',
    vscode.l10n.t('Share subscription {0} is already in the ACI & Data Share view. Replace its entry?', shown),
    { modal: true, detail: existing.label ? vscode.l10n.t("Its label '{0}' becomes '{1}'.", existing.label, target.label ?? '') : vscode.l10n.t("It gets the label '{0}'.", target.label ?? '') },
    replace,
  );
  return answer === replace;
}
