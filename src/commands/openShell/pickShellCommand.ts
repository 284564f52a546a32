/**
 * The program Open Shell runs: what the container most likely has first (/bin/sh in every Linux image; cmd.exe
 * in a Windows one), then the alternatives, then one to type. ACI runs one program without arguments
 * (container-instances-exec.md, Restrictions), so the typed one is checked for that.
 */
import * as vscode from 'vscode';
import { commandProblem } from '../../core/containerGroup/execRequest';
import type { UserInput } from '../../ui/userInput';

export async function pickShellCommand(ui: UserInput, name: string, windows: boolean): Promise<string | undefined> {
  const title = vscode.l10n.t('Open Shell: {0}', name);
  const other = vscode.l10n.t('Other program…');
  const items = windows
    ? [
        { label: 'cmd.exe', description: vscode.l10n.t('Command Prompt') },
        { label: 'powershell.exe', description: vscode.l10n.t('Windows PowerShell, where the image has it') },
      ]
    : [
        { label: '/bin/sh', description: vscode.l10n.t('every Linux image') },
        { label: '/bin/bash', description: vscode.l10n.t('Debian, Ubuntu and most images that are not Alpine or BusyBox') },
      ];
  const picked = await ui.quickPick([...items, { label: other, description: vscode.l10n.t('one program, without arguments') }], {
    title,
    placeHolder: vscode.l10n.t('Program to run in the container'),
  });
  if (!picked) return undefined;
  if (picked.label !== other) return picked.label;
  return ui.inputBox({
    title,
    prompt: vscode.l10n.t('The program to run, such as /usr/bin/zsh (one program, without arguments)'),
    validateInput: (value) => (commandProblem(value) === 'arguments' ? vscode.l10n.t('Azure Container Instances runs a single program without arguments.') : undefined),
  });
}
