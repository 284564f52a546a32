// Scripted answers to the extension's prompts, installed through the test-only API: each answer names the
// prompt it expects (by its title, prompt or message) and what the user does there. A question nobody scripted
// is answered like Escape and recorded, so the test fails in assertDone() instead of hanging on a dialog.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { MessageKind, MessageOptions, PickOptions, UserInput } from '../../../src/ui/userInput';

export interface Shown {
  kind: 'input' | 'pick' | MessageKind | 'save' | 'open' | 'progress';
  text: string;
  detail?: string;
  modal?: boolean;
  actions?: string[];
  /** The button that closes a modal without acting, when the command names it. */
  dismiss?: string;
  items?: string[];
  /** The items' descriptions, in the same order ('' where none). */
  descriptions?: string[];
  /** The value an input box offers before anything is typed. */
  value?: string;
  /** Labels of the items a pick marks as chosen already (`picked`). */
  picked?: string[];
}

export type Answer =
  /** Types `value` (undefined: Escape) into the input box whose title or prompt matches. */
  | { input: RegExp; value: string | undefined }
  /** Picks the item whose label matches `choose` (undefined: Escape). */
  | { pick: RegExp; choose: RegExp | undefined }
  /** Clicks `choose` on the message or modal dialog that matches (undefined: Cancel / close). */
  | { message: RegExp; choose: string | undefined }
  | { save: RegExp; uri: vscode.Uri | undefined }
  | { open: RegExp; uris: vscode.Uri[] | undefined }
  /** Presses the progress notification's Cancel once a reported message satisfies `cancelWhen`. */
  | { progress: RegExp; cancelWhen: (message: string) => boolean };

/** Everything any scripted input recorded in this extension host (the secret scan reads it). */
export const everythingShown: Shown[] = [];

function describe(a: Answer): string {
  const [key, value] = Object.entries(a)[0] as [string, RegExp];
  return `${key} ${String(value)}`;
}

export class ScriptedInput implements UserInput {
  readonly shown: Shown[] = [];
  readonly unexpected: string[] = [];
  private readonly queue: Answer[];
  private readonly acceptDefaults: boolean;

  /** With `acceptDefaults`, a question no answer expects gets what it offers first: its first item, its value. */
  constructor(answers: Answer[] = [], options: { acceptDefaults?: boolean } = {}) {
    this.queue = [...answers];
    this.acceptDefaults = options.acceptDefaults ?? false;
  }

  /** Adds answers for prompts still to come. */
  expect(...answers: Answer[]): void {
    this.queue.push(...answers);
  }

  /** Fails when a prompt came that no answer expected, or an expected one never came. */
  assertDone(): void {
    assert.deepStrictEqual(this.unexpected, [], `unexpected prompts: ${this.unexpected.join(' | ')}`);
    assert.deepStrictEqual(this.queue.map(describe), [], 'scripted answers left over');
  }

  messages(kind?: MessageKind): string[] {
    return this.shown.filter((s) => (kind ? s.kind === kind : ['info', 'warning', 'error'].includes(s.kind))).map((s) => s.text);
  }

  private record(shown: Shown): void {
    this.shown.push(shown);
    everythingShown.push(shown);
  }

  /** The next answer when it is of `key` and its pattern matches one of `texts`. */
  private take<K extends string>(key: K, texts: (string | undefined)[]): Extract<Answer, Record<K, RegExp>> | undefined {
    const head = this.queue[0] as Record<string, unknown> | undefined;
    const pattern = head?.[key];
    if (!(pattern instanceof RegExp) || !texts.some((t) => t !== undefined && pattern.test(t))) return undefined;
    this.queue.shift();
    return head as Extract<Answer, Record<K, RegExp>>;
  }

  private miss(shown: Shown): undefined {
    this.unexpected.push(`${shown.kind}: ${shown.text}${this.queue[0] ? ` (expected ${describe(this.queue[0])})` : ''}`);
    return undefined;
  }

  async inputBox(options: vscode.InputBoxOptions): Promise<string | undefined> {
    const shown: Shown = { kind: 'input', text: [options.title, options.prompt].filter(Boolean).join(': '), ...(options.value !== undefined ? { value: options.value } : {}) };
    this.record(shown);
    const answer = this.take('input', [options.title, options.prompt]) ?? (this.acceptDefaults ? { input: /./, value: options.value ?? '' } : undefined);
    if (!answer) return this.miss(shown);
    if (answer.value !== undefined) {
      const invalid = await options.validateInput?.(answer.value);
      if (invalid) {
        this.unexpected.push(`input "${answer.value}" refused: ${typeof invalid === 'string' ? invalid : invalid.message}`);
        return undefined;
      }
    }
    return answer.value;
  }

  async quickPick<T extends vscode.QuickPickItem>(items: readonly T[] | Promise<readonly T[]>, options: PickOptions): Promise<T | undefined> {
    const loaded = await items;
    const shown: Shown = { kind: 'pick', text: [options.title, options.placeHolder].filter(Boolean).join(': '), items: loaded.map((i) => i.label), descriptions: loaded.map((i) => i.description ?? ''), picked: loaded.filter((i) => i.picked).map((i) => i.label) };
    this.record(shown);
    const answer = this.take('pick', [options.title, options.placeHolder]);
    if (!answer && this.acceptDefaults && loaded.length) return loaded.find((i) => i.picked) ?? loaded[0];
    if (!answer) return this.miss(shown);
    if (!answer.choose) return undefined;
    const found = loaded.find((i) => answer.choose!.test(i.label));
    if (!found) this.unexpected.push(`pick ${String(answer.choose)} not among: ${shown.items!.join(', ')}`);
    return found;
  }

  async message(kind: MessageKind, text: string, ...rest: Array<string | MessageOptions>): Promise<string | undefined> {
    const options = rest.find((r): r is MessageOptions => typeof r === 'object') ?? {};
    const actions = rest.filter((r): r is string => typeof r === 'string');
    const shown: Shown = { kind, text, detail: options.detail, modal: options.modal, actions, ...(options.dismiss ? { dismiss: options.dismiss } : {}) };
    this.record(shown);
    const answer = actions.length || options.modal ? this.take('message', [text]) : undefined;
    // A notification nobody answers is dismissed, as a user would; a modal dialog is a question.
    if (!answer) return options.modal ? this.miss(shown) : undefined;
    if (answer.choose !== undefined && answer.choose === options.dismiss) return undefined;
    if (answer.choose !== undefined && !actions.includes(answer.choose)) this.unexpected.push(`no button "${answer.choose}" on: ${text}`);
    return answer.choose;
  }

  async saveDialog(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined> {
    const shown: Shown = { kind: 'save', text: options.title ?? options.saveLabel ?? '' };
    this.record(shown);
    const answer = this.take('save', [options.title, options.saveLabel, options.defaultUri?.path]);
    return answer ? answer.uri : this.miss(shown);
  }

  async openDialog(options: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined> {
    const shown: Shown = { kind: 'open', text: options.title ?? options.openLabel ?? '' };
    this.record(shown);
    const answer = this.take('open', [options.title, options.openLabel]);
    return answer ? answer.uris : this.miss(shown);
  }

  async progress<R>(
    options: vscode.ProgressOptions,
    task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<R>,
  ): Promise<R> {
    this.record({ kind: 'progress', text: options.title ?? '' });
    const answer = this.take('progress', [options.title]);
    return vscode.window.withProgress(options, (progress, token) => {
      if (!answer) return task(progress, token);
      const cancel = new vscode.CancellationTokenSource();
      token.onCancellationRequested(() => cancel.cancel());
      const watched = {
        report: (value: { message?: string; increment?: number }) => {
          progress.report(value);
          if (value.message !== undefined && answer.cancelWhen(value.message)) cancel.cancel();
        },
      };
      return task(watched, cancel.token);
    });
  }
}

/**
 * Installs `script` for the duration of `run`, then the recorder every suite shares again. Then checks that no
 * question came that no answer expected, and that every answer was used unless `leaveOpen` says answers may be left
 * (a flow the test cancels midway).
 */
export async function withAnswers<T>(
  api: { useUserInput(input: UserInput | undefined): void },
  script: ScriptedInput,
  run: () => Promise<T>,
  options: { leaveOpen?: boolean } = {},
): Promise<T> {
  api.useUserInput(script);
  let result: T;
  try {
    result = await run();
  } finally {
    api.useUserInput(recorder);
  }
  if (options.leaveOpen) assert.deepStrictEqual(script.unexpected, [], `unexpected prompts: ${script.unexpected.join(' | ')}`);
  else script.assertDone();
  return result;
}

/** Runs a shipped command with `answers` for its questions; checks each was asked and nothing else. */
export async function runWithAnswers<T>(api: { useUserInput(input: UserInput | undefined): void }, command: string, arg: unknown, answers: Answer[]): Promise<T> {
  const script = new ScriptedInput(answers);
  return withAnswers(api, script, async () => vscode.commands.executeCommand<T>(command, arg));
}

/** Between scripts: records what is shown and answers every question like Escape. */
export const recorder = new ScriptedInput();
