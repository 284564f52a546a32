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

export async function addShareSubscription(): Promise<ShareSubscriptionTarget | undefined> {
  const answers = await askSteps(vscode.l10n.t('Add Share Subscription'), [
    { prompt: vscode.l10n.t('Subscription ID'), placeHolder: '00000000-0000-0000-0000-000000000000', validate: checkSubscriptionId },
    { prompt: vscode.l10n.t('Resource group of the Data Share account'), validate: checkResourceGroupName },
    { prompt: vscode.l10n.t('Data Share account name'), validate: checkDataShareAccountName },
    { prompt: vscode.l10n.t('Share subscription name'), validate: checkShareSubscriptionName },
    { prompt: vscode.l10n.t('Label in the tree (optional)'), optional: true },
  ]);
  if (!answers) return undefined;
  const [subscriptionId, resourceGroup, accountName, shareSubscriptionName, label] = answers;
  const target: ShareSubscriptionTarget = {
    subscriptionId,
    resourceGroup,
    accountName,
    shareSubscriptionName,
    ...(label ? { label } : {}),
  };
  const saved = await saveShareSubscription(target);
  void vscode.window.showInformationMessage(
    saved === 'updated'
      ? vscode.l10n.t('Share subscription {0} updated.', label || shareSubscriptionName)
      : vscode.l10n.t('Share subscription {0} added to the ACI & Data Share view.', label || shareSubscriptionName),
  );
  return target;
}
