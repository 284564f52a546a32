// Screenshots of the extension in a real VS Code (code-server): the fixture workspace against the ARM emulator,
// the extension loaded from this repository, no tests. Each step drives the page and writes one PNG to
// docs/screenshots/. Usage: node out/test/integration/screenshots.js [step-name ...]
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { startEmulator } from '../emulator/server';
import { extensionPayload, openWorkbench, startCodeServer, type CodeServer, type Workbench } from './codeServer';
import { ensureInstalled, REPO_ROOT } from './install';
import { ACTION_STEPS } from './screenshotSteps/actions';
import { emulatorEnv, emulatorSettings, prepareWorkspace, type PreparedWorkspace } from './workspace';
import { COMPARE_STEPS } from './screenshotSteps/compare';
import { LOGS_STEPS } from './screenshotSteps/logs';
import { LIVE_STEPS } from './screenshotSteps/live';
import { SHELL_STEPS } from './screenshotSteps/shell';
import { RUN_AND_DIAGNOSE_STEPS } from './screenshotSteps/runAndDiagnose';
import { TREND_STEPS } from './screenshotSteps/trend';
import { TEMPLATE_DEPLOY_STEPS } from './screenshotSteps/templateDeploy';
import { COMPOSE_STEPS } from './screenshotSteps/compose';
import { SYNCHRONIZE_STEPS } from './screenshotSteps/synchronize';
import { addLikeFirst, clickInlineAction, expandTreeRows, goToLine, hoverText, openFile, openViewContainer, reportFrame, runCommand, saveScreenshot, setSideBarWidth, VIEW_CONTAINER_TITLE, waitForSideBarIdle, type CaptureOptions, type ScreenshotStep, type Theme } from './workbenchDriver';

const OVERALL_TIMEOUT_MS = 15 * 60 * 1000;

const THEMES: Record<Theme, string> = { light: 'Default Light Modern', dark: 'Default Dark Modern' };

/** A definition with mistakes a schema check and the extension's own rules find. */
const DEMO_DEFINITION = 'definitions/api-gateway.aci.yaml';
const DEMO_YAML = `# Container group definition in the \`az container create --file\` format.
apiVersion: '2023-05-01'
location: westeurope
name: api-gateway
type: Microsoft.ContainerInstance/containerGroups
properties:
  osType: Linux
  restartPolicy: Sometimes
  containers:
    - name: gateway
      properties:
        image: nginx
        ports:
          - port: 443
        resources:
          requests:
            cpu: 1
            memoryInGB: 1.5
        volumeMounts:
          - name: certificates
            mountPath: /etc/nginx/certs
  ipAddress:
    type: Public
    dnsNameLabel: contoso-gateway
    ports:
      - port: 443
`;

/** The screenshots in docs/screenshots/; add a step here to add a picture. */
export const STEPS: ScreenshotStep[] = [
  {
    name: 'tree',
    themed: true,
    async prepare(page) {
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      await page.locator('.part.sidebar').getByText('web-frontend').first().waitFor({ timeout: 60000 });
      await setSideBarWidth(page, 560);
      await waitForSideBarIdle(page);
      await expandTreeRows(page);
    },
  },
  {
    name: 'diagnostics',
    themed: true,
    files: { [DEMO_DEFINITION]: DEMO_YAML },
    async prepare(page) {
      await openFile(page, DEMO_DEFINITION);
      await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 30000 });
      await runCommand(page, 'View: Toggle Problems');
      await page.locator('.markers-panel .monaco-list-row').first().waitFor({ timeout: 10000 });
      await hoverText(page, 'Sometimes');
    },
    capture: { keepPointer: true },
  },
  {
    name: 'completion',
    themed: true,
    files: { [DEMO_DEFINITION]: DEMO_YAML },
    async prepare(page) {
      await openFile(page, DEMO_DEFINITION);
      await goToLine(page, DEMO_YAML.split('\n').findIndex((l) => l.includes('image: nginx')) + 1);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.locator('.editor-instance .view-line').nth(DEMO_YAML.split('\n').length).waitFor({ timeout: 10000 });
      const suggestions = page.locator('.suggest-widget.visible .monaco-list-row').first();
      await page.keyboard.press('Control+Space');
      // Typing the first letter asks again should the shortcut arrive before the editor is ready.
      if (!(await suggestions.waitFor({ timeout: 5000 }).then(() => true, () => false))) await page.keyboard.type('e');
      await suggestions.waitFor({ timeout: 15000 });
      // Triggering again shows the selected item's documentation beside the list.
      await page.keyboard.press('Control+Space');
      await page.locator('.suggest-details-container .suggest-details').first().waitFor({ timeout: 5000 }).catch(() => undefined);
    },
    capture: { walkthroughCrop: ['.suggest-widget.visible', '.suggest-details-container .suggest-details', '.editor-instance .view-line:has-text("image: nginx")'] },
  },
  {
    name: 'hover',
    themed: true,
    files: { [DEMO_DEFINITION]: DEMO_YAML },
    async prepare(page) {
      await openFile(page, DEMO_DEFINITION);
      await hoverText(page, 'memoryInGB');
    },
    capture: { keepPointer: true },
  },
  {
    name: 'deploy',
    themed: true,
    async prepare(page, context) {
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      await page.locator('.part.sidebar').getByText('batch-job').first().waitFor({ timeout: 60000 });
      await setSideBarWidth(page, 420);
      await openFile(page, 'definitions/batch-job.aci.json');
      await clickInlineAction(page, 'batch-job', 'Deploy to Azure…');
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30000 });
      await page.mouse.move(0, 799);
      await page.locator('.workbench-hover-container, .monaco-hover:not(.hidden)').first().waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
      await context.capture('deploy-confirm');
      await dialog.getByRole('button', { name: 'Create' }).click();
      // Toasts stay hidden in a headless window; the notification center shows the same entries.
      await runCommand(page, 'Notifications: Show Notifications');
      const center = page.locator('.notifications-center');
      await center.locator('.notification-list-item').filter({ hasText: 'Creating batch-job' }).first().waitFor({ timeout: 30000 });
      await context.capture('deploy-progress');
      // The center closes when the progress entry ends; it is opened again for the result.
      await page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'Succeeded' }).first().waitFor({ timeout: 60000 });
      if (!(await center.isVisible())) await runCommand(page, 'Notifications: Show Notifications');
      const result = center.locator('.notification-list-item').filter({ hasText: 'batch-job created' }).first();
      await result.waitFor({ timeout: 30000 });
      // A notification of several lines shows its first until expanded: the walkthrough shows all of it.
      const expand = result.locator('.codicon-notifications-expand');
      if (await expand.count()) await expand.first().click();
      await result.locator('.codicon-notifications-collapse').first().waitFor({ timeout: 5000 }).catch(() => undefined);
    },
    capture: { walkthroughCrop: ['.notifications-center'] },
  },
  {
    name: 'report-chart',
    themed: true,
    async prepare(page, context) {
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      await page.locator('.part.sidebar').getByText('Sales data').first().waitFor({ timeout: 60000 });
      await clickInlineAction(page, 'Sales data', 'Show Synchronization Report');
      const firstSync = page.locator('.quick-input-widget .monaco-list-row').first();
      await firstSync.waitFor({ timeout: 30000 });
      await firstSync.click();
      // The side bar off (clicking the active view container hides it): the report gets the window's width.
      await page.locator(`.activitybar [aria-label^="${VIEW_CONTAINER_TITLE}"]`).first().click();
      await page.locator('.part.sidebar').waitFor({ state: 'hidden', timeout: 10000 });
      const report = await reportFrame(page);
      await report.locator('.grid-body [role="row"]').first().waitFor({ timeout: 30000 });
      await report.locator('[role="status"]').filter({ hasText: /^(?!.*Loading)/ }).first().waitFor({ timeout: 30000 }).catch(() => undefined);
      await context.capture('report', { walkthroughCrop: ['.part.editor .editor-instance'], walkthroughMaxHeight: 480 });
      await report.locator('vscode-tab-header').filter({ hasText: /^\s*Chart\s*$/ }).first().click();
      await report.locator('.charts svg, .charts .bar').first().waitFor({ timeout: 10000 });
    },
  },
  {
    name: 'add-container-group',
    themed: true,
    async prepare(page) {
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      await page.locator('.part.sidebar').getByText('web-frontend').first().waitFor({ timeout: 60000 });
      await runCommand(page, 'ACI & Data Share: Sign In');
      await page.waitForTimeout(1500);
      await page.keyboard.press('F1');
      const input = page.locator('.quick-input-widget input');
      await input.fill('>ACI & Data Share: Add Container Group');
      await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Add Container Group' }).first().waitFor({ timeout: 10000 });
      await page.keyboard.press('Enter');
      // The definition file, then the subscription list read from Azure.
      await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'batch-job.aci.json' }).first().click({ timeout: 20000 });
      await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Contoso Emulator' }).first().click({ timeout: 20000 });
      await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'rg-containers' }).first().waitFor({ timeout: 20000 });
    },
  },
  {
    name: 'deploy-changes',
    themed: true,
    async prepare(page, context) {
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      await page.locator('.part.sidebar').getByText('batch-job').first().waitFor({ timeout: 60000 });
      await setSideBarWidth(page, 420);
      await clickInlineAction(page, 'batch-job', 'Deploy to Azure…');
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30000 });
      // Created, or updated where an earlier step (or theme) deployed it already.
      await dialog.getByRole('button', { name: /^(Create|Update)$/ }).click();
      await page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'Succeeded' }).first().waitFor({ timeout: 60000 });
      // Change the definition on disk, then deploy again: the confirmation lists the changed paths.
      const file = path.join(context.workspaceDir, 'definitions', 'batch-job.aci.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"value": "5"', '"value": "7"').replace('"cpu": 1', '"cpu": 2'));
      await page.waitForTimeout(1000);
      await clickInlineAction(page, 'batch-job', 'Deploy to Azure…');
      await dialog.filter({ hasText: 'Changes' }).waitFor({ timeout: 30000 });
      await page.mouse.move(0, 799);
    },
  },
  {
    name: 'welcome',
    themed: true,
    fixture: null,
    async prepare(page) {
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      await page.locator('.part.sidebar').getByText('New Container Group Definition').first().waitFor({ timeout: 60000 });
      await setSideBarWidth(page, 420);
    },
  },
  {
    name: 'tree-refused-path',
    themed: true,
    async prepare(page, context) {
      // An entry whose definition path leaves the workspace folder: its node says so instead of reading it.
      addLikeFirst(context.workspaceDir, 'containerGroups', { name: 'outside-app', definitionFile: '../elsewhere/outside-app.aci.yaml' });
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      await page.locator('.part.sidebar').getByText('outside-app').first().waitFor({ timeout: 60000 });
      await setSideBarWidth(page, 840);
      await waitForSideBarIdle(page);
      await page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'outside-app' }).first().click();
      await page.locator('.part.sidebar').getByText('outside the workspace folders').first().waitFor({ timeout: 30000 });
      await page.mouse.move(0, 799);
    },
  },
  {
    name: 'tree-loading',
    themed: true,
    async prepare(page, context) {
      // A share subscription whose requests hang (the emulator's fault): its node says Loading…, the others work.
      addLikeFirst(context.workspaceDir, 'shareSubscriptions', { label: 'Slow feed', shareSubscriptionName: 'feed-fault-hang' });
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      await page.locator('.part.sidebar').getByText('Slow feed').first().waitFor({ timeout: 60000 });
      await setSideBarWidth(page, 560);
      await page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'Slow feed' }).first().click();
      await page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'Sales data' }).first().click();
      await page.locator('.part.sidebar').getByText(/^Loading/).first().waitFor({ timeout: 30000 });
      await page.mouse.move(0, 799);
      await page.waitForTimeout(1500);
    },
  },
  ...COMPARE_STEPS,
  ...LOGS_STEPS,
  ...ACTION_STEPS,
  ...LIVE_STEPS,
  ...SHELL_STEPS,
  ...RUN_AND_DIAGNOSE_STEPS,
  ...TREND_STEPS,
  ...TEMPLATE_DEPLOY_STEPS,
  ...COMPOSE_STEPS,
  ...SYNCHRONIZE_STEPS,
];

/** Stops whatever takeScreenshots has running; used when the overall timeout fires or on Ctrl-C. */
let stopRunning: (() => Promise<void>) | undefined;

/** Starts the emulator and code-server with the fixture workspace, opens the workbench and runs the given steps. */
export async function takeScreenshots(steps: ScreenshotStep[], fixture: string | null = 'workspace', theme?: Theme): Promise<string[]> {
  // Five polls of a deploy's operation (at the default interval, no Retry-After) keep its progress notification up long enough to capture.
  const emulator = await startEmulator({ lroPolls: 5 });
  let workspace: PreparedWorkspace | undefined;
  let server: CodeServer | undefined;
  let workbench: Workbench | undefined;
  const stop = async () => {
    stopRunning = undefined;
    await workbench?.close().catch(() => undefined);
    await server?.stop();
    workspace?.remove();
    await emulator.close();
  };
  stopRunning = stop;
  try {
    workspace = prepareWorkspace(fixture ?? undefined, emulatorSettings(emulator.url));
    server = await startCodeServer({
      env: emulatorEnv(emulator.url),
      userSettings: { ...emulatorSettings(emulator.url), ...(theme ? { 'workbench.colorTheme': THEMES[theme] } : {}) },
    });
    const suffix = theme ? `-${theme}` : '';
    const payload = extensionPayload(server);
    const written: string[] = [];
    for (const step of steps) {
      const dir = workspace.dir;
      for (const [file, content] of Object.entries(step.files ?? {})) fs.writeFileSync(path.join(dir, file), content);
      // A fresh page per step so steps do not depend on each other's UI state.
      workbench = await openWorkbench(server, server.workbenchUrl(dir, payload), { viewport: { width: 1280, height: 800 } });
      const page = workbench.page;
      const capture = async (name: string, options?: CaptureOptions) => void written.push(await saveScreenshot(page, `${name}${suffix}`, options));
      await step.prepare(page, { workspaceDir: dir, capture }).catch(async (err: unknown) => {
        // What the page showed when the step gave up, to see why.
        const shot = path.join(os.tmpdir(), `aci-ds-screenshot-${step.name}-failed.png`);
        await page.screenshot({ path: shot }).catch(() => undefined);
        throw new Error(`step ${step.name}: ${err instanceof Error ? err.message : String(err)} (page: ${shot})`);
      });
      written.push(await saveScreenshot(page, `${step.name}${suffix}`, step.capture));
      await workbench.close();
      workbench = undefined;
    }
    return written;
  } finally {
    if (stopRunning === stop) await stop();
  }
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const steps = wanted.length ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS;
  if (steps.length === 0) throw new Error(`no such step; known: ${STEPS.map((s) => s.name).join(', ')}`);
  await ensureInstalled(['pngquant']);
  const abort = async (reason: string) => {
    console.error(`[screenshots] ${reason}`);
    await stopRunning?.();
    process.exit(1);
  };
  setTimeout(() => void abort(`timed out after ${OVERALL_TIMEOUT_MS / 60000} min`), OVERALL_TIMEOUT_MS).unref();
  process.once('SIGINT', () => void abort('interrupted'));
  const plain = steps.filter((s) => !s.themed);
  const written = plain.length ? await takeScreenshots(plain) : [];
  for (const theme of ['light', 'dark'] as const) {
    const themed = steps.filter((s) => s.themed);
    for (const fixture of new Set(themed.map((s) => s.fixture === undefined ? 'workspace' : s.fixture))) {
      const group = themed.filter((s) => (s.fixture === undefined ? 'workspace' : s.fixture) === fixture);
      written.push(...(await takeScreenshots(group, fixture, theme)));
    }
  }
  for (const file of written) console.log(`[screenshots] wrote ${path.relative(REPO_ROOT, file)}`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(`[screenshots] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
