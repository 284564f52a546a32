/** "Remove from View": drops a configured entry from settings after a confirmation. Azure is not touched. */
import * as vscode from 'vscode';
import { ContainerGroupNode } from '../tree/containerGroupNodes';
import { ShareSubscriptionNode } from '../tree/shareSubscriptionNodes';
import type { CommandContext } from './shared/registerCommand';

async function confirm(ctx: CommandContext, question: string): Promise<boolean> {
  const remove = vscode.l10n.t('Remove');
  const answer = await ctx.ui.message('warning', 
    question,
    { modal: true, detail: vscode.l10n.t('Only the entry in your settings is removed; nothing changes in Azure or in your files.') },
    remove,
  );
  return answer === remove;
}

export async function removeContainerGroup(ctx: CommandContext, node: unknown): Promise<boolean> {
  if (!(node instanceof ContainerGroupNode)) return false;
  if (!(await confirm(ctx, vscode.l10n.t('Remove container group {0} from the ACI & Data Share view?', node.target.name)))) return false;
  return ctx.services.lists.removeContainerGroup(node.target);
}

export async function removeShareSubscription(ctx: CommandContext, node: unknown): Promise<boolean> {
  if (!(node instanceof ShareSubscriptionNode)) return false;
  const t = node.target;
  const question = vscode.l10n.t('Remove share subscription {0} from the ACI & Data Share view?', t.label ?? t.shareSubscriptionName);
  if (!(await confirm(ctx, question))) return false;
  return ctx.services.lists.removeShareSubscription(t);
}
