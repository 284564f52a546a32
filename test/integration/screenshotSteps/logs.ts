// Show Logs: the fixture's batch-job deployed to the emulator, then its container's log opened from the palette,
// following (status bar) with timestamps shown, after a few lines have arrived.
import type { ScreenshotStep } from '../workbenchDriver';
import { deployBatchJob } from './shell';

export const LOGS_STEPS: ScreenshotStep[] = [
  {
    name: 'logs',
    themed: true,
    async prepare(page) {
      await deployBatchJob(page);
      // From the palette; the quick input stays open for the command's own picks.
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').fill('>ACI & Data Share: Show Logs');
      const rows = page.locator('.quick-input-widget .monaco-list-row');
      await rows.filter({ hasText: 'Show Logs' }).first().waitFor({ timeout: 10000 });
      await page.keyboard.press('Enter');
      await rows.filter({ hasText: 'batch-job' }).first().waitFor({ timeout: 10000 });
      await rows.filter({ hasText: 'batch-job' }).first().click();
      await rows.filter({ hasText: 'report' }).first().waitFor({ timeout: 10000 });
      await rows.filter({ hasText: 'report' }).first().click();
      await page.locator('.tab.active[aria-label*="batch-job · report.log"]').first().waitFor({ timeout: 10000 });
      await page.locator('.editor-actions [aria-label^="Show or Hide Log Timestamps"]').first().click();
      await page.locator('.editor-instance .view-lines').getByText('(#6)').first().waitFor({ timeout: 30000 });
      await page.locator('.statusbar').getByText('Following logs').first().waitFor({ timeout: 10000 });
      await page.mouse.move(0, 799);
    },
  },
];
