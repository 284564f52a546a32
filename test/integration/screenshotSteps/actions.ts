// Screenshots of the container group actions: the group node's context menu, and the delete's first question.
import type { Page } from 'playwright-core';
import { openViewContainer, setSideBarWidth, VIEW_CONTAINER_TITLE, waitForSideBarIdle, type ScreenshotStep } from '../workbenchDriver';

async function openGroupMenu(page: Page, group: string): Promise<void> {
  await openViewContainer(page, VIEW_CONTAINER_TITLE);
  const row = page.locator('.part.sidebar .monaco-list-row').filter({ hasText: group }).first();
  await row.waitFor({ timeout: 60000 });
  await setSideBarWidth(page, 420);
  await waitForSideBarIdle(page);
  await row.click({ button: 'right' });
  await page.locator('.context-view .monaco-menu .action-label').filter({ hasText: 'Stop Container Group' }).first().waitFor({ timeout: 15000 });
}

export const ACTION_STEPS: ScreenshotStep[] = [
  {
    name: 'actions',
    themed: true,
    async prepare(page, context) {
      await openGroupMenu(page, 'web-frontend');
      await context.capture('actions-menu');
      await page.locator('.context-view .monaco-menu .action-label').filter({ hasText: 'Delete Container Group from Azure…' }).first().click();
      await page.locator('.monaco-dialog-box').filter({ hasText: 'Delete the container group web-frontend in rg-demo from Azure?' }).waitFor({ timeout: 30000 });
      await page.mouse.move(0, 799);
    },
  },
];
