/**
 * What every page reads from its HTML before drawing anything: its words in the display language (the host
 * hands VS Code's translation bundle over; English needs none) and whether the test runner drives it.
 * Import it first: the words are configured when it loads.
 */
import * as l10n from '@vscode/l10n';

const app = document.getElementById('app');
if (!app) throw new Error('The page has no #app element.');

function bundle(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(app?.dataset.l10n ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

l10n.config({ contents: bundle() });

/** The page's root element. */
export const root: HTMLElement = app;

/** Only under the test runner: the page reports what it drew (`viewUpdated`) and obeys scripted `command` messages. */
export const testHooks = app.dataset.testHooks === 'true';

export { l10n };
