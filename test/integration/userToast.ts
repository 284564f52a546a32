// What a user sees when a command reports: the workbench opened as a user opens it (no test driver), a command run
// from the Command Palette, and its notification found as a toast on the page (not only in the notification center).
import type { Page } from 'playwright-core';

export interface ToastCheck {
  /** The text of the toast that held `expected`, when one was shown. */
  toast?: string;
  /** Every toast's text seen while waiting (for the failure message). */
  seen: string[];
}

const TOAST_MESSAGE = '.notifications-toasts .notification-toast .notification-list-item-message';

/** Waits for the workbench and the extension's view container, as a user would before running anything. */
export async function waitForWorkbench(page: Page, timeoutMs = 60000): Promise<void> {
  await page.locator('.monaco-workbench .part.activitybar').waitFor({ state: 'visible', timeout: timeoutMs });
}

/** Runs `commandTitle` ("Category: Title") from the Command Palette and waits for a toast whose text holds `expected`. */
export async function runCommandForToast(page: Page, commandTitle: string, expected: string, timeoutMs = 60000): Promise<ToastCheck> {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  // The palette lists the extension's commands only once it has activated or read the manifest: retry until it does.
  while (Date.now() < deadline) {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 10000 });
    await input.fill(`>${commandTitle}`);
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: commandTitle }).first();
    if (await row.waitFor({ state: 'visible', timeout: 5000 }).then(() => true, () => false)) {
      await page.keyboard.press('Enter');
      break;
    }
    await page.keyboard.press('Escape');
  }
  while (Date.now() < deadline) {
    for (const text of await page.locator(TOAST_MESSAGE).allInnerTexts().catch(() => [] as string[])) {
      seen.add(text.trim());
      if (text.includes(expected)) return { toast: text.trim(), seen: [...seen] };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { seen: [...seen] };
}
