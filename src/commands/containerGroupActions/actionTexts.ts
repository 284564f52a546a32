/** What each action says to the user: its question, what it does, its progress and its end (localized). */
import * as vscode from 'vscode';
import type { ContainerGroupAction } from '../../core/containerGroup/actions';
import type { ContainerGroupTarget } from '../../core/settings/model';

export interface ActionTexts {
  /** Title of the palette's pick. */
  pickTitle: string;
  /** The modal question naming the group and its resource group. */
  question: string;
  /** What happens, under the question. */
  effect: string;
  /** The button that goes ahead. */
  button: string;
  /** Progress notification title (long-running actions). */
  progress: string;
  /** The notification once it has ended. */
  done: string;
  /** The notification when Azure accepted it without a way to follow it (a 202 with no status URL). */
  accepted: string;
  /** The group's state on its node meanwhile. */
  acceptedState: string;
}

export function actionTexts(action: ContainerGroupAction, t: ContainerGroupTarget): ActionTexts {
  switch (action) {
    case 'start':
      return {
        pickTitle: vscode.l10n.t('Start Container Group'),
        question: vscode.l10n.t('Start the container group {0} in {1}?', t.name, t.resourceGroup),
        effect: vscode.l10n.t('Its containers start again as deployed; a stopped group is billed again while it runs.'),
        button: vscode.l10n.t('Start'),
        progress: vscode.l10n.t('Starting {0}', t.name),
        done: vscode.l10n.t('{0} started.', t.name),
        accepted: vscode.l10n.t('Azure accepted the start of {0} but gave no way to follow it: it may still be starting. Refresh the view in a minute to see its state.', t.name),
        acceptedState: vscode.l10n.t('start accepted'),
      };
    case 'stop':
      return {
        pickTitle: vscode.l10n.t('Stop Container Group'),
        question: vscode.l10n.t('Stop the container group {0} in {1}?', t.name, t.resourceGroup),
        effect: vscode.l10n.t('Every container of the group stops and the group is not billed while stopped; it keeps its definition in Azure and can be started again.'),
        button: vscode.l10n.t('Stop'),
        progress: vscode.l10n.t('Stopping {0}', t.name),
        done: vscode.l10n.t('{0} stopped.', t.name),
        accepted: vscode.l10n.t('Azure accepted the stop of {0} but gave no way to follow it: it may still be stopping. Refresh the view in a minute to see its state.', t.name),
        acceptedState: vscode.l10n.t('stop accepted'),
      };
    case 'restart':
      return {
        pickTitle: vscode.l10n.t('Restart Container Group'),
        question: vscode.l10n.t('Restart the container group {0} in {1}?', t.name, t.resourceGroup),
        effect: vscode.l10n.t('Every container restarts in place; an image updated under the same tag is pulled again.'),
        button: vscode.l10n.t('Restart'),
        progress: vscode.l10n.t('Restarting {0}', t.name),
        done: vscode.l10n.t('{0} restarted.', t.name),
        accepted: vscode.l10n.t('Azure accepted the restart of {0} but gave no way to follow it: it may still be restarting. Refresh the view in a minute to see its state.', t.name),
        acceptedState: vscode.l10n.t('restart accepted'),
      };
    case 'delete':
      return {
        pickTitle: vscode.l10n.t('Delete Container Group from Azure'),
        question: vscode.l10n.t('Delete the container group {0} in {1} from Azure?', t.name, t.resourceGroup),
        effect: vscode.l10n.t(
          'The group and its containers are removed from Azure, with their logs. The definition file {0} and the entry in the view are kept: deploy it again to recreate the group.',
          t.definitionFile,
        ),
        button: vscode.l10n.t('Delete'),
        progress: vscode.l10n.t('Deleting {0}', t.name),
        done: vscode.l10n.t('{0} was deleted from Azure; its definition file and the entry in the view are kept.', t.name),
        accepted: vscode.l10n.t(
          'Azure accepted the delete of {0} but gave no way to follow it: it may still be deleting. Refresh the view in a minute: the group shows as not deployed once it is gone. Its definition file and the entry in the view are kept.',
          t.name,
        ),
        acceptedState: vscode.l10n.t('delete accepted'),
      };
  }
}

/** The second question of a delete: the group's name typed out. */
export function deleteNameCheck(t: ContainerGroupTarget): vscode.InputBoxOptions {
  return {
    title: vscode.l10n.t('Delete {0} from Azure', t.name),
    prompt: vscode.l10n.t('Type the container group name {0} to delete it from Azure. The definition file is kept.', t.name),
    placeHolder: t.name,
    ignoreFocusOut: true,
    validateInput: (value) => (value === t.name ? undefined : vscode.l10n.t('Type {0} exactly to delete it, or press Escape to keep it.', t.name)),
  };
}

/** "Not deployed" in the user's words, per action. */
export function notDeployedText(action: ContainerGroupAction, t: ContainerGroupTarget): string {
  return action === 'delete'
    ? vscode.l10n.t('{0} does not exist in {1}: there was nothing to delete.', t.name, t.resourceGroup)
    : vscode.l10n.t('{0} is not deployed in {1}: deploy it first.', t.name, t.resourceGroup);
}
