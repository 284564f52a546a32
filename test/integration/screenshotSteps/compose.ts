// Convert Compose File to Container Group on awesome-compose's gitea-postgres (test/contract/compose): the
// questions answered as a user would, then the written definition beside its conversion report.
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../install';
import * as shots from '../workbenchDriver';

// In a folder the fixture workspace has; the project name (a folder's otherwise) set as Compose's `name:`.
const COMPOSE = 'definitions/compose.yaml';

/** Picks `label` in the quick pick whose placeholder holds `placeholder`. */
async function pick(page: Page, placeholder: string, label: string): Promise<void> {
  await page.locator(`.quick-input-widget input[placeholder*="${placeholder}"]`).waitFor({ timeout: 30000 });
  await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: label }).first().click();
}

export const COMPOSE_STEPS: shots.ScreenshotStep[] = [
  {
    name: 'compose-report',
    themed: true,
    files: { [COMPOSE]: 'name: gitea-postgres\n' + fs.readFileSync(path.join(REPO_ROOT, 'test/contract/compose/awesome-compose/gitea-postgres/compose.yaml'), 'utf8') },
    async prepare(page) {
      await shots.openFile(page, COMPOSE);
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').fill('>ACI & Data Share: Convert Compose File to Container Group');
      await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Convert Compose File to Container Group' }).first().waitFor({ timeout: 10000 });
      await page.keyboard.press('Enter');
      await pick(page, 'as hosts', 'Rewrite to localhost');
      await pick(page, 'Volume git_data', 'emptyDir');
      await pick(page, 'Volume db_data', 'emptyDir');
      await pick(page, 'Format of the definition file', 'YAML');
      await shots.frameWith(page, 'h2:has-text("Changed, and why")', 'conversion report');
      await page.mouse.move(0, 799);
    },
  },
];
