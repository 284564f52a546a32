// The synchronization trend's screenshot: a share subscription with 24 synchronizations, opened from its
// tree node's context menu, the newest bar focused.
import { addLikeFirst, frameWith, openViewContainer, VIEW_CONTAINER_TITLE, type ScreenshotStep } from '../workbenchDriver';

export const TREND_STEPS: ScreenshotStep[] = [
  {
    name: 'trend',
    themed: true,
    async prepare(page, context) {
      addLikeFirst(context.workspaceDir, 'shareSubscriptions', { label: 'Weekly feed', shareSubscriptionName: 'weekly-feed-syncs-24-rows-30' });
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      const row = page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'Weekly feed' }).first();
      await row.waitFor({ timeout: 60000 });
      await row.click({ button: 'right' });
      // Chosen with the keyboard: a click while the menu is still appearing can be lost.
      const item = page.locator('.monaco-menu .action-item').filter({ hasText: 'Show Synchronization Trend' }).first();
      await item.hover({ timeout: 10000 });
      await page.locator('.monaco-menu .action-item.focused').filter({ hasText: 'Show Synchronization Trend' }).first().waitFor({ timeout: 10000 });
      await page.keyboard.press('Enter');
      await page.locator('.monaco-menu').first().waitFor({ state: 'hidden', timeout: 10000 });
      // The side bar off (clicking the active view container hides it): the chart gets the window's width.
      await page.locator(`.activitybar [aria-label^="${VIEW_CONTAINER_TITLE}"]`).first().click();
      await page.locator('.part.sidebar').waitFor({ state: 'hidden', timeout: 10000 });
      const trend = await frameWith(page, '.trend-chart', 'trend');
      await trend.locator('main[aria-busy="false"] .trend-table tbody tr').first().waitFor({ timeout: 60000 });
      // The newest bar focused, as a keyboard user reaches it.
      await trend.locator('.point').last().focus();
    },
  },
];
