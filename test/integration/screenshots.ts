// Screenshots of the extension in a real VS Code (code-server): the fixture workspace against the ARM emulator,
// the extension loaded from this repository, no tests. Each step drives the page and writes one PNG to
// docs/screenshots/. Usage: node out/test/integration/screenshots.js [step-name ...]
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { startEmulator } from '../emulator/server';
import { extensionPayload, openWorkbench, startCodeServer, type CodeServer, type Workbench } from './codeServer';
import { ensureInstalled, REPO_ROOT } from './install';
import { emulatorEnv, emulatorSettings, prepareWorkspace, type PreparedWorkspace } from './workspace';

export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');
export const VIEW_CONTAINER_TITLE = 'ACI & Data Share';
const OVERALL_TIMEOUT_MS = 5 * 60 * 1000;

export interface ScreenshotStep {
  /** File name without .png. */
  name: string;
  /** Brings the workbench into the state to capture; the page is then saved as <name>.png. */
  prepare(page: Page): Promise<void>;
}

/** Opens a view container from the activity bar by its title. */
export async function openViewContainer(page: Page, title: string): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
  await page.locator(`.activitybar [aria-label^="${title}"]`).first().click();
}

/** Waits until the side bar no longer shows a loading indicator (tree children being fetched). */
export async function waitForSideBarIdle(page: Page): Promise<void> {
  // A string so this Node-side file needs no DOM typings; it is evaluated in the page.
  const busy = `document.querySelector('.part.sidebar .monaco-progress-container.active, .part.sidebar .codicon-loading')`;
  await page.waitForFunction(`!${busy}`, undefined, { timeout: 30000 });
}

/**
 * Expands collapsed rows of the side bar's trees, top to bottom, up to `maxLevel` deep (1 = top-level nodes),
 * waiting for each to load its children.
 */
export async function expandTreeRows(page: Page, maxLevel = 2, maxClicks = 12): Promise<void> {
  for (let clicks = 0; clicks < maxClicks; clicks++) {
    const collapsed = page.locator('.part.sidebar .monaco-list-row[aria-expanded="false"]');
    let target: { label: string; index: number } | undefined;
    for (let i = 0; i < (await collapsed.count()); i++) {
      const level = Number((await collapsed.nth(i).getAttribute('aria-level')) ?? '1');
      if (level <= maxLevel) {
        target = { label: (await collapsed.nth(i).getAttribute('aria-label')) ?? '', index: i };
        break;
      }
    }
    if (!target) return;
    await collapsed.nth(target.index).locator('.monaco-tl-twistie').click();
    await page
      .locator(`.part.sidebar .monaco-list-row[aria-label="${target.label.replace(/"/g, '\\"')}"][aria-expanded="true"]`)
      .first()
      .waitFor({ timeout: 30000 });
    await waitForSideBarIdle(page);
  }
}

/** Drags the sash on the side bar's right edge so its labels fit. */
export async function setSideBarWidth(page: Page, width: number): Promise<void> {
  const sideBar = await page.locator('.part.sidebar').boundingBox();
  if (!sideBar) throw new Error('the side bar is not visible');
  const edgeX = sideBar.x + sideBar.width;
  const y = sideBar.y + sideBar.height / 2;
  await page.mouse.move(edgeX, y);
  await page.mouse.down();
  await page.mouse.move(sideBar.x + width, y, { steps: 5 });
  await page.mouse.up();
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Hover effects and the text cursor would differ from run to run.
  await page.mouse.move(0, 799);
  await page.screenshot({ path: file });
  return file;
}

/** The screenshots in docs/screenshots/; add a step here to add a picture. */
export const STEPS: ScreenshotStep[] = [
  {
    name: 'tree',
    async prepare(page) {
      await openViewContainer(page, VIEW_CONTAINER_TITLE);
      await page.locator('.part.sidebar').getByText('web-frontend').first().waitFor({ timeout: 60000 });
      await setSideBarWidth(page, 560);
      await waitForSideBarIdle(page);
      await expandTreeRows(page);
    },
  },
];

/** Stops whatever takeScreenshots has running; used when the overall timeout fires or on Ctrl-C. */
let stopRunning: (() => Promise<void>) | undefined;

/** Starts the emulator and code-server with the fixture workspace, opens the workbench and runs the given steps. */
export async function takeScreenshots(steps: ScreenshotStep[], fixture = 'workspace'): Promise<string[]> {
  const emulator = await startEmulator({});
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
    workspace = prepareWorkspace(fixture, emulatorSettings(emulator.url));
    server = await startCodeServer({ env: emulatorEnv(emulator.url) });
    const payload = extensionPayload(server);
    const written: string[] = [];
    for (const step of steps) {
      // A fresh page per step so steps do not depend on each other's UI state.
      workbench = await openWorkbench(server, server.workbenchUrl(workspace.dir, payload), { viewport: { width: 1280, height: 800 } });
      await step.prepare(workbench.page);
      written.push(await saveScreenshot(workbench.page, step.name));
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
  await ensureInstalled();
  const abort = async (reason: string) => {
    console.error(`[screenshots] ${reason}`);
    await stopRunning?.();
    process.exit(1);
  };
  setTimeout(() => void abort(`timed out after ${OVERALL_TIMEOUT_MS / 60000} min`), OVERALL_TIMEOUT_MS).unref();
  process.once('SIGINT', () => void abort('interrupted'));
  for (const file of await takeScreenshots(steps)) console.log(`[screenshots] wrote ${path.relative(REPO_ROOT, file)}`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(`[screenshots] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
