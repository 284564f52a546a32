// The live state in the tree: a group deployed from the view, expanded to its containers' states (one keeps
// exiting), the events, and then the difference an edit of the definition makes.
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { restartingGroupYaml } from '../definitionFixtures';
import * as shots from '../workbenchDriver';

const FILE = 'definitions/live-demo.aci.yaml';
const YAML = restartingGroupYaml({ name: 'live-demo', dnsNameLabel: 'live-demo', exiting: { name: 'worker', command: 'python wordcount.py; exit 1' } });

const row = (page: Page, text: string | RegExp) => page.locator('.part.sidebar .monaco-list-row').filter({ hasText: text }).first();

/** Clicks a collapsed row open and waits until it shows as expanded. */
async function expand(page: Page, text: string | RegExp): Promise<void> {
  const r = row(page, text);
  await r.waitFor({ timeout: 30000 });
  if ((await r.getAttribute('aria-expanded')) === 'false') await r.locator('.monaco-tl-twistie').click();
  await shots.waitForSideBarIdle(page);
}

/** Deploys live-demo from its node and expands it until its live state shows. */
async function deployAndExpand(page: Page, context: shots.StepContext): Promise<void> {
  shots.addLikeFirst(context.workspaceDir, 'containerGroups', { name: 'live-demo', definitionFile: FILE });
  await shots.openViewContainer(page, shots.VIEW_CONTAINER_TITLE);
  await row(page, 'live-demo').waitFor({ timeout: 60000 });
  await shots.setSideBarWidth(page, 640);
  await shots.clickInlineAction(page, 'live-demo', 'Deploy to Azure…');
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 30000 });
  // Create the first time; Update when an earlier step of the same run deployed it already.
  await dialog.getByRole('button', { name: /^(Create|Update)$/ }).click();
  await row(page, /live-demo.*Succeeded/).waitFor({ timeout: 60000 });
  await expand(page, 'live-demo');
  await row(page, /worker.*restart/).waitFor({ timeout: 30000 });
}

export const LIVE_STEPS: shots.ScreenshotStep[] = [
  {
    name: 'actions-menu-live',
    themed: true,
    files: { [FILE]: YAML },
    async prepare(page, context) {
      await deployAndExpand(page, context);
      // Read as running: the menu offers Stop, Restart and Delete, and no Start.
      await row(page, 'live-demo').click({ button: 'right' });
      await page.locator('.context-view .monaco-menu .action-label').filter({ hasText: 'Stop Container Group' }).first().waitFor({ timeout: 15000 });
      // The menu fades in: captured once its animations have ended.
      await page.waitForFunction(`(document.querySelector('.context-view')?.getAnimations({ subtree: true }) ?? []).every((a) => a.playState === 'finished')`, undefined, { timeout: 10000 });
    },
    // Moving the pointer away would leave the menu.
    capture: { keepPointer: true },
  },
  {
    name: 'tree-live-differs',
    themed: true,
    files: { [FILE]: YAML },
    async prepare(page, context) {
      await deployAndExpand(page, context);
      await expand(page, /^worker/);
      await expand(page, /Events.*\d/);
      await page.mouse.move(0, 799);
      await context.capture('tree-live', { walkthroughCrop: ['.part.sidebar'] });
      // The definition changed after the deploy: Refresh shows what the next deploy would change.
      const file = path.join(context.workspaceDir, FILE);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('nginx:latest', 'nginx:1.27').replace('cpu: 0.5', 'cpu: 1'));
      await page.locator('.part.sidebar .title-actions .action-label[aria-label="Refresh"], .part.sidebar .actions .action-label[aria-label="Refresh"]').first().click();
      await row(page, 'Differs from the definition').waitFor({ timeout: 30000 });
      await expand(page, 'Differs from the definition');
      await page.mouse.move(0, 799);
    },
  },
];
