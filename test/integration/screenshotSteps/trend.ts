// The synchronization trend's screenshot: a share subscription with 24 synchronizations, opened from its
// tree node's context menu, the newest bar focused.
import type { Frame, Page } from 'playwright-core';
import { addLikeFirst, openViewContainer, VIEW_CONTAINER_TITLE, type ScreenshotStep } from '../screenshots';

/** The trend's page: the innermost frame of the webview that holds its chart. */
async function trendFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + 30000;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (await frame.locator('.trend-chart').count().catch(() => 0)) return frame;
    }
    await page.waitForTimeout(250);
  }
  throw new Error('the trend page did not appear');
}

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
      await page.locator('.monaco-menu .action-label').filter({ hasText: 'Show Synchronization Trend' }).first().click({ timeout: 10000 });
      // The side bar off (clicking the active view container hides it): the chart gets the window's width.
      await page.locator(`.activitybar [aria-label^="${VIEW_CONTAINER_TITLE}"]`).first().click();
      await page.locator('.part.sidebar').waitFor({ state: 'hidden', timeout: 10000 });
      const trend = await trendFrame(page);
      await trend.locator('main[aria-busy="false"] .trend-table tbody tr').first().waitFor({ timeout: 60000 });
      // The newest bar focused, as a keyboard user reaches it.
      await trend.locator('.point').last().focus();
    },
  },
];
