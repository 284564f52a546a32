/** "Add Share Subscription…": asks for the share subscription's coordinates and saves them to settings. */
import * as vscode from 'vscode';
import { ShareSubscriptionTarget } from '../../core/settings/model';
import {
  checkDataShareAccountName,
  checkResourceGroupName,
  checkShareSubscriptionName,
  checkSubscriptionId,
} from '../../core/settings/nameRules';
import { saveShareSubscription } from '../../settings/lists';
import { askSteps } from '../inputSteps';
import { pickSources, signInOffer } from '../pickSources';
import type { CommandContext } from '../shared/registerCommand';

export async function addShareSubscription(ctx: CommandContext): Promise<ShareSubscriptionTarget | undefined> {
  const lists = () => pickSources();
  // The account's resource group comes with the picked account; it is asked only when the account is typed.
  let accountGroups = new Map<string, string>();
  const answers = await askSteps(ctx, vscode.l10n.t('Add Share Subscription'), [
    {
      prompt: vscode.l10n.t('Subscription ID'),
      placeHolder: '00000000-0000-0000-0000-000000000000',
      validate: checkSubscriptionId,
      choices: (_answers, signal) => lists()?.subscriptions(signal),
    },
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
      choices: ([sub, account, rg], signal) => lists()?.shareSubscriptions({ subscriptionId: sub, resourceGroup: rg, accountName: account }, signal),
    },
    { prompt: vscode.l10n.t('Label in the tree (optional)'), optional: true },
  ], signInOffer(vscode.l10n.t('Sign in to pick from your subscriptions')));
  if (!answers) return undefined;
  const [subscriptionId, accountName, resourceGroup, shareSubscriptionName, label] = answers;
  const target: ShareSubscriptionTarget = {
    subscriptionId,
    resourceGroup,
    accountName,
    shareSubscriptionName,
    ...(label ? { label } : {}),
  };
  const saved = await saveShareSubscription(target);
  void ctx.ui.message('info', 
    saved === 'updated'
      ? vscode.l10n.t('Share subscription {0} updated.', label || shareSubscriptionName)
      : vscode.l10n.t('Share subscription {0} added to the ACI & Data Share view.', label || shareSubscriptionName),
  );
  return target;
}
