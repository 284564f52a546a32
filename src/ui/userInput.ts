/**
 * The one way commands ask the user something or tell them something: input boxes, quick picks, messages
 * (modal or not), file dialogs and progress. VS Code's window answers in normal use; under the test runner the
 * integration suite installs a scripted answerer through the test-only API, so every prompt can be driven.
 */
import * as vscode from 'vscode';
import { plainPrompts } from './plainPrompts';

export type MessageKind = 'info' | 'warning' | 'error';

/**
 * A message's options. `dismiss` names the button of a modal dialog that closes it without acting (VS Code's own is
 * "Cancel", which reads as the action itself beside "Cancel Deployment"); choosing it answers undefined.
 */
export interface MessageOptions extends vscode.MessageOptions {
  dismiss?: string;
}

export interface PickOptions {
  title?: string;
  placeHolder?: string;
  /** Replaces the placeholder once the items have loaded (e.g. to say the list is empty). */
  loadedPlaceHolder?: (count: number) => string;
  matchOnDescription?: boolean;
  matchOnDetail?: boolean;
  ignoreFocusOut?: boolean;
}

export interface UserInput {
  inputBox(options: vscode.InputBoxOptions): Promise<string | undefined>;
  /** Shows the pick at once, busy until `items` resolves; rejects when they fail to load. */
  quickPick<T extends vscode.QuickPickItem>(items: readonly T[] | Promise<readonly T[]>, options: PickOptions): Promise<T | undefined>;
  /** A notification, or a dialog with `{ modal: true }`, as VS Code's show…Message; resolves to the chosen action. */
  message(kind: MessageKind, text: string, ...rest: Array<string | MessageOptions>): Promise<string | undefined>;
  saveDialog(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined>;
  openDialog(options: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined>;
  progress<R>(
    options: vscode.ProgressOptions,
    task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<R>,
  ): Promise<R>;
}

function windowPick<T extends vscode.QuickPickItem>(items: readonly T[] | Promise<readonly T[]>, options: PickOptions): Promise<T | undefined> {
  const qp = vscode.window.createQuickPick<T>();
  qp.title = options.title;
  qp.placeholder = options.placeHolder;
  qp.matchOnDescription = options.matchOnDescription ?? false;
  qp.matchOnDetail = options.matchOnDetail ?? false;
  qp.ignoreFocusOut = options.ignoreFocusOut ?? false;
  qp.busy = true;
  return new Promise<T | undefined>((resolve, reject) => {
    let settled = false;
    const settle = (run: () => void) => {
      if (settled) return;
      settled = true;
      run();
      qp.hide();
    };
    qp.onDidAccept(() => {
      const picked = qp.selectedItems[0] ?? qp.activeItems[0];
      // Still loading: Enter does nothing yet.
      if (picked) settle(() => resolve(picked));
    });
    qp.onDidHide(() => {
      settle(() => resolve(undefined));
      qp.dispose();
    });
    qp.show();
    Promise.resolve(items).then(
      (loaded) => {
        qp.items = loaded;
        const active = loaded.filter((i) => i.picked);
        if (active.length) qp.activeItems = active;
        if (options.loadedPlaceHolder) qp.placeholder = options.loadedPlaceHolder(loaded.length);
        qp.busy = false;
      },
      (err: unknown) => settle(() => reject(err instanceof Error ? err : new Error(String(err)))),
    );
  });
}

/** VS Code's own prompts. */
export const windowInput: UserInput = {
  inputBox: async (options) => vscode.window.showInputBox(options),
  quickPick: windowPick,
  message: async (kind, text, ...rest) => {
    const { dismiss, ...options } = rest.find((r): r is MessageOptions => typeof r === 'object') ?? {};
    const actions = rest.filter((r): r is string => typeof r === 'string');
    const show =
      kind === 'error' ? vscode.window.showErrorMessage : kind === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    if (dismiss === undefined || !options.modal) return show(text, options, ...actions);
    const items: vscode.MessageItem[] = [...actions.map((title) => ({ title })), { title: dismiss, isCloseAffordance: true }];
    const chosen = await show(text, options, ...items);
    return chosen?.isCloseAffordance ? undefined : chosen?.title;
  },
  saveDialog: async (options) => vscode.window.showSaveDialog(options),
  openDialog: async (options) => vscode.window.showOpenDialog(options),
  progress: async (options, task) => vscode.window.withProgress(options, task),
};

let current: UserInput = plainPrompts(windowInput);

/** The prompts every command uses; whatever answers them, the texts they show are plain (no links). */
export function ui(): UserInput {
  return current;
}

/** Replaces the prompts (the test-only API); undefined restores VS Code's. */
export function useUserInput(input: UserInput | undefined): void {
  current = plainPrompts(input ?? windowInput);
}
