// Run Command in Container… and Diagnose…: a command line with arguments run in the fixture's batch-job, its output
// with the exit code and time in a terminal; and the diagnosis of a group whose container runs out of memory (the
// emulator's `diag-oom` scenario: exit code 137 in its previous state), shown as a Markdown preview.
import type { ScreenshotStep } from '../workbenchDriver';
import { frameWith, openFile, openViewContainer, runCommand, setSideBarWidth, VIEW_CONTAINER_TITLE, waitForSideBarIdle, addLikeFirst } from '../workbenchDriver';
import { deployBatchJob, paletteWithPicks, terminalShown } from './shell';

const DIAGNOSED = 'orders-diag-oom';
const DIAGNOSED_FILE = `definitions/${DIAGNOSED}.aci.yaml`;
const DIAGNOSED_YAML = `apiVersion: '2023-05-01'
name: ${DIAGNOSED}
location: westeurope
properties:
  osType: Linux
  restartPolicy: Always
  containers:
    - name: worker
      properties:
        image: mcr.microsoft.com/azuredocs/aci-helloworld:latest
        resources:
          requests:
            cpu: 1
            memoryInGB: 0.5
`;

export const RUN_AND_DIAGNOSE_STEPS: ScreenshotStep[] = [
  {
    name: 'run-command',
    themed: true,
    async prepare(page) {
      await deployBatchJob(page);
      await paletteWithPicks(page, 'Run Command in Container…', ['batch-job', 'report']);
      const input = page.locator('.quick-input-widget input');
      await page.locator('.quick-input-widget').filter({ hasText: 'Run Command in batch-job · report' }).waitFor({ timeout: 30000 });
      await input.fill('ls -la /');
      await page.keyboard.press('Enter');
      await terminalShown(page, 'batch-job · report · run');
      // The terminal draws on a canvas: its text cannot be waited for; the run ends in well under a second.
      await page.waitForTimeout(1500);
      await page.mouse.move(0, 799);
    },
  },
  {
    name: 'diagnose',
    themed: true,
    files: { [DIAGNOSED_FILE]: DIAGNOSED_YAML },
    async prepare(page, context) {
      addLikeFirst(context.workspaceDir, 'containerGroups', { name: DIAGNOSED, definitionFile: DIAGNOSED_FILE });
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      await page.locator('.part.sidebar').getByText(DIAGNOSED).first().waitFor({ timeout: 60000 });
      await openFile(page, DIAGNOSED_FILE);
      await runCommand(page, 'ACI & Data Share: Deploy to Azure…');
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30000 });
      await dialog.getByRole('button', { name: /^(Create|Update)$/ }).click();
      await page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'Succeeded' }).first().waitFor({ timeout: 60000 });
      await runCommand(page, 'View: Close All Editors');
      await setSideBarWidth(page, 360);
      await waitForSideBarIdle(page);
      await paletteWithPicks(page, 'Diagnose…', [DIAGNOSED]);
      const preview = await frameWith(page, 'h1', 'diagnosis preview');
      await preview.getByText('ran out of memory').first().waitFor({ timeout: 30000 });
      await page.mouse.move(0, 799);
    },
  },
];
