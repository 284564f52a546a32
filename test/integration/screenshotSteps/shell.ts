// Open Shell and Show Live Output: the fixture's batch-job deployed to the emulator, then from the palette a
// bash shell in its container with a few commands typed, and the container's live output in a read-only terminal.
import type { Page } from 'playwright-core';
import type { ScreenshotStep } from '../workbenchDriver';
import { openFile, openViewContainer, runCommand, VIEW_CONTAINER_TITLE } from '../workbenchDriver';

/** The fixture's batch-job deployed to the emulator from its file, as a user does (also the logs steps' start). */
export async function deployBatchJob(page: Page): Promise<void> {
  await openViewContainer(page, VIEW_CONTAINER_TITLE);
  await page.locator('.part.sidebar').getByText('batch-job').first().waitFor({ timeout: 60000 });
  await openFile(page, 'definitions/batch-job.aci.json');
  await runCommand(page, 'ACI & Data Share: Deploy to Azure…');
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 30000 });
  // Created by the first step of a run, updated by the next (the emulator lives through the run).
  await dialog.getByRole('button', { name: /^(Create|Update)$/ }).click();
  await page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'Succeeded' }).first().waitFor({ timeout: 60000 });
}

/** Runs a command from the palette, then picks each of `picks` in the quick inputs it shows. */
export async function paletteWithPicks(page: Page, command: string, picks: string[]): Promise<void> {
  await page.keyboard.press('F1');
  await page.locator('.quick-input-widget input').fill(`>ACI & Data Share: ${command}`);
  const rows = page.locator('.quick-input-widget .monaco-list-row');
  await rows.filter({ hasText: command }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
  for (const pick of picks) {
    await rows.filter({ hasText: pick }).first().waitFor({ timeout: 10000 });
    await rows.filter({ hasText: pick }).first().click();
  }
}

/** The terminal panel showing `name`, maximized: the session is the picture (and the package stays small). */
export async function terminalShown(page: Page, name: string): Promise<void> {
  await page.locator('.terminal-wrapper.active .xterm').first().waitFor({ timeout: 30000 });
  await page.locator('.part.panel').getByText(name).first().waitFor({ timeout: 10000 }).catch(() => undefined);
  await runCommand(page, 'View: Close All Editors');
  await runCommand(page, 'View: Toggle Maximized Panel');
  await page.locator('.terminal-wrapper.active .xterm').first().click();
}

export const SHELL_STEPS: ScreenshotStep[] = [
  {
    name: 'shell',
    themed: true,
    async prepare(page) {
      await deployBatchJob(page);
      await paletteWithPicks(page, 'Open Shell…', ['batch-job', 'report', '/bin/bash']);
      await terminalShown(page, 'batch-job · report');
      // The terminal draws on a canvas: its text cannot be waited for, so each command gets a moment to answer.
      await page.waitForTimeout(1500);
      for (const line of ['ls', 'pwd', 'echo hello from VS Code', 'seq 3']) {
        await page.keyboard.type(line, { delay: 20 });
        await page.keyboard.press('Enter');
        await page.waitForTimeout(400);
      }
      await page.mouse.move(0, 799);
    },
  },
  {
    name: 'live-output',
    themed: true,
    async prepare(page) {
      await deployBatchJob(page);
      await paletteWithPicks(page, 'Show Live Output', ['batch-job', 'report']);
      await terminalShown(page, 'batch-job · report');
      // A line a second arrives; a few make the picture.
      await page.waitForTimeout(5000);
      await page.mouse.move(0, 799);
    },
  },
];
