/** "Remove from View": drops a configured entry from settings after a confirmation. Azure is not touched. */
import * as vscode from 'vscode';
import { containerGroupKey, shareSubscriptionKey, ContainerGroupTarget, ShareSubscriptionTarget } from '../core/settings/model';
import { updateList } from '../settings/configuration';
import { ContainerGroupNode } from '../tree/containerGroupNodes';
import { ShareSubscriptionNode } from '../tree/shareSubscriptionNodes';

async function confirm(question: string): Promise<boolean> {
  const remove = vscode.l10n.t('Remove');
  const answer = await vscode.window.showWarningMessage(
    question,
    { modal: true, detail: vscode.l10n.t('Only the entry in your settings is removed; nothing changes in Azure or in your files.') },
    remove,
  );
  return answer === remove;
}

export async function removeContainerGroup(node: unknown): Promise<boolean> {
  if (!(node instanceof ContainerGroupNode)) return false;
  if (!(await confirm(vscode.l10n.t('Remove container group {0} from the ACI & Data Share view?', node.target.name)))) return false;
  const key = containerGroupKey(node.target);
  await updateList('containerGroups', (raw) =>
    raw.filter((e) => !(typeof e === 'object' && e !== null && containerGroupKey(e as ContainerGroupTarget) === key)),
  );
  return true;
}

export async function removeShareSubscription(node: unknown): Promise<boolean> {
  if (!(node instanceof ShareSubscriptionNode)) return false;
  const t = node.target;
  const question = vscode.l10n.t('Remove share subscription {0} from the ACI & Data Share view?', t.label ?? t.shareSubscriptionName);
  if (!(await confirm(question))) return false;
  const key = shareSubscriptionKey(t);
  await updateList('shareSubscriptions', (raw) =>
    raw.filter((e) => !(typeof e === 'object' && e !== null && shareSubscriptionKey(e as ShareSubscriptionTarget) === key)),
  );
  return true;
}
