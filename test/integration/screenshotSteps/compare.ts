// The comparison of two synchronizations, opened from the share subscription's context menu in the tree.
import type { Page } from 'playwright-core';
import { openViewContainer, VIEW_CONTAINER_TITLE, frameWith, type ScreenshotStep } from '../workbenchDriver';

/** Clicks the first item of the quick pick whose title matches. */
async function pickFirst(page: Page, title: RegExp): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title').filter({ hasText: title }).first().waitFor({ timeout: 30000 });
  const first = widget.locator('.monaco-list-row').first();
  await first.waitFor({ timeout: 30000 });
  await first.click();
}

export const COMPARE_STEPS: ScreenshotStep[] = [
  {
    name: 'compare',
    themed: true,
    async prepare(page) {
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      const row = page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'Sales data' }).first();
      await row.waitFor({ timeout: 60000 });
      await row.click({ button: 'right' });
      // Hovered then Enter: the workbench's context menu acts on the key where a synthetic click can miss.
      await page.locator('.monaco-menu .action-label').filter({ hasText: 'Compare Synchronizations' }).first().hover();
      await page.keyboard.press('Enter');
      // The newest synchronization, then the one before it (A).
      await pickFirst(page, /\(1\/2\)/);
      await pickFirst(page, /\(2\/2\)/);
      // The side bar off (clicking the active view container hides it): the comparison gets the window's width.
      await page.locator(`.activitybar [aria-label^="${VIEW_CONTAINER_TITLE}"]`).first().click();
      await page.locator('.part.sidebar').waitFor({ state: 'hidden', timeout: 10000 });
      const frame = await frameWith(page, '.compare-table', 'comparison');
      await frame.locator('.compare-table tbody tr').first().waitFor({ timeout: 30000 });
      await frame.locator('[role="status"]').filter({ hasText: /^Compared / }).first().waitFor({ timeout: 30000 });
    },
  },
];
