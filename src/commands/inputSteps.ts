/** Small helpers for the multi-step "Add …" flows: numbered titles, validation, cancel = undefined. */
import * as vscode from 'vscode';

export interface Step {
  prompt: string;
  placeHolder?: string;
  value?: string;
  optional?: boolean;
  validate?: (value: string) => string | undefined;
}

export async function askSteps(title: string, steps: Step[]): Promise<string[] | undefined> {
  const answers: string[] = [];
  for (const [i, step] of steps.entries()) {
    const answer = await vscode.window.showInputBox({
      title: `${title} (${i + 1}/${steps.length})`,
      prompt: step.prompt,
      placeHolder: step.placeHolder,
      value: step.value,
      ignoreFocusOut: true,
      validateInput: (v) => {
        if (step.optional && v.trim() === '') return undefined;
        if (!step.optional && v.trim() === '') return vscode.l10n.t('A value is required.');
        return step.validate?.(v);
      },
    });
    if (answer === undefined) return undefined;
    answers.push(answer.trim());
  }
  return answers;
}
