// Screenshots of a synchronization started with Synchronize Now… and followed in the tree and in its report, and of a
// share subscription's data sets with where each lands.
import type { Page } from 'playwright-core';
import { addLikeFirst, frameWith, openViewContainer, setSideBarWidth, VIEW_CONTAINER_TITLE, waitForSideBarIdle, type ScreenshotStep } from '../workbenchDriver';

async function fromMenu(page: Page, row: string, command: string): Promise<void> {
  const found = page.locator('.part.sidebar .monaco-list-row').filter({ hasText: row }).first();
  await found.waitFor({ timeout: 60000 });
  await found.click({ button: 'right' });
  // Chosen with the keyboard: a click while the menu is still appearing can be lost.
  const item = page.locator('.monaco-menu .action-item').filter({ hasText: command }).first();
  await item.hover({ timeout: 10000 });
  await page.locator('.monaco-menu .action-item.focused').filter({ hasText: command }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
  await page.locator('.monaco-menu').first().waitFor({ state: 'hidden', timeout: 10000 });
}

export const SYNCHRONIZE_STEPS: ScreenshotStep[] = [
  {
    // One picture for the three (the package is near its size limit): the running synchronization on its node,
    // the node's data sets with where each lands, and the synchronization's report following it.
    name: 'synchronize-running',
    themed: true,
    // The pointer stays where prepare left it: the usual resting place is outside this smaller window.
    capture: { keepPointer: true },
    async prepare(page, context) {
      await page.setViewportSize({ width: 980, height: 600 });
      // Long enough to stay running while it is captured: 120 data sets over five minutes.
      addLikeFirst(context.workspaceDir, 'shareSubscriptions', { label: 'Nightly feed', shareSubscriptionName: 'nightly-rows-120-syncsecs-300' });
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      await setSideBarWidth(page, 580);
      await waitForSideBarIdle(page);
      await fromMenu(page, 'Nightly feed', 'Synchronize Now…');
      const pick = page.locator('.quick-input-widget');
      await pick.getByText('Incremental').first().waitFor({ timeout: 15000 });
      await page.keyboard.press('Enter');
      await page.locator('.monaco-dialog-box .monaco-button').filter({ hasText: /^Synchronize$/ }).first().click({ timeout: 15000 });
      // The node follows it: some data sets done, read from the synchronization's details.
      const running = page.locator('.part.sidebar .monaco-list-row').filter({ hasText: /Synchronizing · started .* · [1-9]\d* of 120 data sets done/ }).first();
      await running.waitFor({ timeout: 90000 });
      // Only this share subscription open, with its data sets.
      await page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'Container groups' }).first().click();
      await running.click();
      const dataSets = page.locator('.part.sidebar .monaco-list-row').filter({ hasText: /^Data sets/ }).first();
      await dataSets.waitFor({ timeout: 60000 });
      await dataSets.click();
      await page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'not mapped' }).first().waitFor({ timeout: 60000 });
      await fromMenu(page, 'Nightly feed', 'Show Synchronization Report');
      await page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first().waitFor({ timeout: 30000 });
      await page.keyboard.press('Enter');
      const report = await frameWith(page, '[role="grid"]', 'report');
      await report.locator('[role="row"]').nth(3).waitFor({ timeout: 60000 });
      await waitForSideBarIdle(page);
      // No hover left on a tree row (the usual resting place of the pointer is below this smaller window).
      await page.mouse.move(1, 590);
      await page.locator('.monaco-hover').first().waitFor({ state: 'hidden', timeout: 10000 }).catch(() => undefined);
    },
  },
];
