/** "Remove from View": drops a configured entry from settings after a confirmation. Azure is not touched. */
import * as vscode from 'vscode';
import { containerGroupKey, shareSubscriptionKey, ContainerGroupTarget, ShareSubscriptionTarget } from '../core/settings/model';
import { updateList } from '../settings/configuration';
import { ContainerGroupNode } from '../tree/containerGroupNodes';
import { ShareSubscriptionNode } from '../tree/shareSubscriptionNodes';

async function confirm(what: string): Promise<boolean> {
  const answer = await vscode.window.showWarningMessage(
    `Remove ${what} from the ACI & Data Share view?`,
    { modal: true, detail: 'Only the entry in your settings is removed; nothing changes in Azure or in your files.' },
    'Remove',
  );
  return answer === 'Remove';
}

export async function removeContainerGroup(node: unknown): Promise<boolean> {
  if (!(node instanceof ContainerGroupNode)) return false;
  if (!(await confirm(`container group ${node.target.name}`))) return false;
  const key = containerGroupKey(node.target);
  await updateList('containerGroups', (raw) =>
    raw.filter((e) => !(typeof e === 'object' && e !== null && containerGroupKey(e as ContainerGroupTarget) === key)),
  );
  return true;
}

export async function removeShareSubscription(node: unknown): Promise<boolean> {
  if (!(node instanceof ShareSubscriptionNode)) return false;
  const t = node.target;
  if (!(await confirm(`share subscription ${t.label ?? t.shareSubscriptionName}`))) return false;
  const key = shareSubscriptionKey(t);
  await updateList('shareSubscriptions', (raw) =>
    raw.filter((e) => !(typeof e === 'object' && e !== null && shareSubscriptionKey(e as ShareSubscriptionTarget) === key)),
  );
  return true;
}
