/**
 * The multi-step "Add …" flows: numbered titles, validation, cancel = undefined. A step with `choices`
 * offers a list read from Azure (when signed in), with typing a value as the fallback; when the list
 * cannot be read, the step is a plain input box.
 */
import * as vscode from 'vscode';
import type { PickItem } from '../core/services/pickLists';
import { errorMessage } from '../core/arm/errors';
import type { Prompts } from './shared/registerCommand';

export interface Step {
  prompt: string;
  placeHolder?: string;
  value?: string;
  optional?: boolean;
  validate?: (value: string) => string | undefined;
  /**
   * Values to pick from, given the answers so far; undefined (or a failure) means type it. `signal` aborts
   * once the pick is answered or closed, so a list still paging stops.
   */
  choices?: (answers: string[], signal: AbortSignal) => Promise<PickItem[]> | undefined;
}

type ChoiceItem = vscode.QuickPickItem & { value?: string; signIn?: true };

/** How a flow whose lists come from Azure offers to sign in when nobody is, as the Azure extensions do. */
export interface SignInOffer {
  signedIn(): boolean;
  /** Signs in (the Sign In command); the steps after it read their lists from Azure. */
  signIn(): Thenable<unknown>;
  /** The first item of the first list step, e.g. "Sign in to pick from your subscriptions". */
  label: string;
}

interface Flow {
  readonly offer?: SignInOffer;
  offered: boolean;
}

function validator(step: Step): (v: string) => string | undefined {
  return (v) => {
    if (step.optional && v.trim() === '') return undefined;
    if (!step.optional && v.trim() === '') return vscode.l10n.t('A value is required.');
    return step.validate?.(v);
  };
}

async function typeValue(ctx: Prompts, step: Step, title: string, hint?: string): Promise<string | undefined> {
  return ctx.ui.inputBox({
    title,
    prompt: hint ? `${step.prompt} — ${hint}` : step.prompt,
    placeHolder: step.placeHolder,
    value: step.value,
    ignoreFocusOut: true,
    validateInput: validator(step),
  });
}

async function loadChoices(ctx: Prompts, step: Step, answers: string[], signal: AbortSignal): Promise<PickItem[] | undefined> {
  try {
    const items = await step.choices?.(answers, signal);
    return items?.length ? items : undefined;
  } catch (err) {
    if (!signal.aborted) ctx.log.warn(`Could not list choices for "${step.prompt}": ${errorMessage(err)}`);
    return undefined;
  }
}

/** Signed out, a list step offers to sign in once (first), else says that signing in would give a list. */
async function offerSignIn(ctx: Prompts, step: Step, title: string, flow: Flow, offer: SignInOffer): Promise<'signedIn' | string | undefined> {
  const hint = vscode.l10n.t('sign in to pick from a list');
  if (flow.offered) return typeValue(ctx, step, title, hint);
  flow.offered = true;
  const items: ChoiceItem[] = [
    { label: `$(sign-in) ${offer.label}`, signIn: true },
    { label: `$(edit) ${vscode.l10n.t('Enter a value…')}`, alwaysShow: true },
  ];
  const picked = await ctx.ui.quickPick(items, { title, placeHolder: step.prompt, ignoreFocusOut: true });
  if (!picked) return undefined;
  if (!picked.signIn) return typeValue(ctx, step, title, hint);
  await offer.signIn();
  return offer.signedIn() ? 'signedIn' : typeValue(ctx, step, title, hint);
}

async function pickValue(ctx: Prompts, step: Step, title: string, answers: string[], flow: Flow): Promise<string | undefined> {
  if (!step.choices) return typeValue(ctx, step, title);
  if (flow.offer && !flow.offer.signedIn()) {
    const offered = await offerSignIn(ctx, step, title, flow, flow.offer);
    if (offered !== 'signedIn') return offered;
  }
  const loading = new AbortController();
  const items = (async (): Promise<ChoiceItem[]> => {
    const loaded = await loadChoices(ctx, step, answers, loading.signal);
    const typed: ChoiceItem = { label: `$(edit) ${vscode.l10n.t('Enter a value…')}`, alwaysShow: true };
    if (!loaded) return [typed];
    const picks: ChoiceItem[] = loaded.map((i) => ({ label: i.label, description: i.description, value: i.value, picked: i.value === step.value }));
    if (step.optional) picks.unshift({ label: vscode.l10n.t('(none)'), description: step.placeHolder, value: '' });
    return [...picks, typed];
  })();
  let picked: ChoiceItem | undefined;
  try {
    picked = await ctx.ui.quickPick(items, {
      title,
      placeHolder: step.prompt,
      ignoreFocusOut: true,
      matchOnDescription: true,
    });
  } finally {
    loading.abort();
  }
  if (!picked) return undefined;
  return picked.value ?? typeValue(ctx, step, title);
}

/** "Title (2/5)": step `n` of `total`. */
export function stepTitle(title: string, n: number, total: number): string {
  return `${title} (${n}/${total})`;
}

/**
 * Asks each step in turn; with `signIn`, list steps offer to sign in while nobody is signed in. `asked`: steps
 * of the same flow asked before these (numbered first).
 */
export async function askSteps(ctx: Prompts, title: string, steps: Step[], signIn?: SignInOffer, asked = 0): Promise<string[] | undefined> {
  const answers: string[] = [];
  const flow: Flow = { offer: signIn, offered: false };
  for (const [i, step] of steps.entries()) {
    const answer = await pickValue(ctx, step, stepTitle(title, asked + i + 1, asked + steps.length), answers, flow);
    if (answer === undefined) return undefined;
    answers.push(answer.trim());
  }
  return answers;
}
