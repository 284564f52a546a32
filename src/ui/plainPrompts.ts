/**
 * The one place every prompt and notification text passes before it is shown: messages and their modal detail,
 * progress titles and reports, input box titles, prompts, placeholders and validation messages, quick pick titles
 * and placeholders. Each is made plain text (`asPlainText`), so a service message, a data set name or a value
 * from a file that holds `[label](command:…)` is read as written and never becomes a link that runs a command.
 * Types only from vscode: this wrapper runs (and is tested) without the editor.
 */
import type * as vscode from 'vscode';
import { asPlainText } from '../core/arm/plainText';
import type { PickOptions, UserInput } from './userInput';

const plain = (text: string | undefined): string | undefined => (text === undefined ? undefined : asPlainText(text));

function plainInputBox(options: vscode.InputBoxOptions): vscode.InputBoxOptions {
  const validate = options.validateInput;
  return {
    ...options,
    title: plain(options.title),
    prompt: plain(options.prompt),
    placeHolder: plain(options.placeHolder),
    ...(validate ? { validateInput: async (value: string) => plainValidation(await validate(value)) } : {}),
  };
}

function plainValidation(result: string | vscode.InputBoxValidationMessage | null | undefined): string | vscode.InputBoxValidationMessage | null | undefined {
  if (typeof result === 'string') return asPlainText(result);
  return result ? { ...result, message: asPlainText(result.message) } : result;
}

function plainPick(options: PickOptions): PickOptions {
  const loaded = options.loadedPlaceHolder;
  return {
    ...options,
    title: plain(options.title),
    placeHolder: plain(options.placeHolder),
    ...(loaded ? { loadedPlaceHolder: (count: number) => asPlainText(loaded(count)) } : {}),
  };
}

/** `input` with every text it is given made plain before it is shown. */
export function plainPrompts(input: UserInput): UserInput {
  return {
    inputBox: (options) => input.inputBox(plainInputBox(options)),
    quickPick: (items, options) => input.quickPick(items, plainPick(options)),
    message: (kind, text, ...rest) =>
      input.message(kind, asPlainText(text), ...rest.map((r) => (typeof r === 'object' && r.detail !== undefined ? { ...r, detail: asPlainText(r.detail) } : r))),
    saveDialog: (options) => input.saveDialog({ ...options, title: plain(options.title) }),
    openDialog: (options) => input.openDialog({ ...options, title: plain(options.title) }),
    progress: (options, task) =>
      input.progress({ ...options, title: plain(options.title) }, (progress, token) =>
        task({ report: (value) => progress.report(value.message === undefined ? value : { ...value, message: asPlainText(value.message) }) }, token),
      ),
  };
}
