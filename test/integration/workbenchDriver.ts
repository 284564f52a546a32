// Driving the workbench for screenshots: opening views and files, running commands, finding a webview's frame,
// and saving a picture (cropped for the walkthrough when asked). The steps (screenshotSteps/, screenshots.ts)
// are written with these.
import * as fs from 'fs';
import * as path from 'path';
import type { Frame, Page } from 'playwright-core';
import { compressPngs } from './compressPng';
import { REPO_ROOT } from './install';

export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');
export const VIEW_CONTAINER_TITLE = 'ACI & Data Share';

export interface StepContext {
  /** The throwaway copy of the fixture workspace the workbench has open. */
  workspaceDir: string;
  /** Saves the page as <name>.png now (for steps that show more than one moment, like a deploy). */
  capture(name: string, options?: CaptureOptions): Promise<void>;
}

export interface CaptureOptions {
  /** Leave the pointer where it is (a hover shows only while the pointer stays on its word). */
  keepPointer?: boolean;
  /** Also save the part of the page these elements cover (with a margin) as media/walkthrough/<name>.png. */
  walkthroughCrop?: string[];
  /** Keep only the top of the crop, in pixels. */
  walkthroughMaxHeight?: number;
  /** Save only the part of the page these elements cover (with a margin): a small picture of one dialog or notification. */
  crop?: string[];
}

const WALKTHROUGH_DIR = path.join(REPO_ROOT, 'media', 'walkthrough');

/** The smallest box around every visible element of `selectors`, with a margin, inside the page. */
export async function cropBox(page: Page, selectors: string[]): Promise<{ x: number; y: number; width: number; height: number } | undefined> {
  const boxes = [];
  for (const selector of selectors) {
    const found = page.locator(selector);
    for (let i = 0; i < (await found.count()); i++) {
      const box = await found.nth(i).boundingBox();
      if (box && box.width > 0 && box.height > 0) boxes.push(box);
    }
  }
  if (boxes.length === 0) return undefined;
  const margin = 12;
  const view = page.viewportSize() ?? { width: 1280, height: 800 };
  const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - margin);
  const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - margin);
  const right = Math.min(view.width, Math.max(...boxes.map((b) => b.x + b.width)) + margin);
  const bottom = Math.min(view.height, Math.max(...boxes.map((b) => b.y + b.height)) + margin);
  return { x, y, width: right - x, height: bottom - y };
}

export interface ScreenshotStep {
  /** File name without .png. */
  name: string;
  /** Files (workspace-relative path to content) written into the workspace before the workbench opens. */
  files?: Record<string, string>;
  /** Brings the workbench into the state to capture; the page is then saved as <name>.png. */
  prepare(page: Page, context: StepContext): Promise<void>;
  /** Options for the final capture. */
  capture?: CaptureOptions;
  /** Taken in the light and the dark theme, as <name>-light.png and <name>-dark.png. */
  themed?: boolean;
  /** The fixture workspace to open (test/fixtures/<name>, 'workspace' unless set); null: an empty folder. */
  fixture?: string | null;
}

export type Theme = 'light' | 'dark';

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

export async function saveScreenshot(page: Page, name: string, options: CaptureOptions = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Hover effects would differ from run to run.
  if (!options.keepPointer) await page.mouse.move(0, 799);
  const crop = options.crop && (await cropBox(page, options.crop));
  if (options.crop && !crop) throw new Error(`nothing to crop for ${name}: ${options.crop.join(', ')}`);
  await page.screenshot({ path: file, ...(crop ? { clip: crop } : {}) });
  compressPngs([file]);
  if (options.walkthroughCrop) {
    const clip = await cropBox(page, options.walkthroughCrop);
    if (!clip) throw new Error(`nothing to crop for ${name}: ${options.walkthroughCrop.join(', ')}`);
    if (options.walkthroughMaxHeight) clip.height = Math.min(clip.height, options.walkthroughMaxHeight);
    fs.mkdirSync(WALKTHROUGH_DIR, { recursive: true });
    const cropFile = path.join(WALKTHROUGH_DIR, `${name}.png`);
    await page.screenshot({ path: cropFile, clip });
    compressPngs([cropFile]);
  }
  return file;
}

/** Runs a command through the command palette by its title. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: 10000 });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: title }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10000 });
}

/** Opens a workspace file with Quick Open and waits for its editor. */
export async function openFile(page: Page, relativePath: string): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: 10000 });
  await input.fill(relativePath);
  await page.locator('.quick-input-widget .monaco-list-row').first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
  await page.locator(`.tab.active[aria-label*="${path.basename(relativePath)}"]`).first().waitFor({ timeout: 10000 });
  await page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor({ timeout: 10000 });
}

export async function goToLine(page: Page, line: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.locator('.quick-input-widget input').waitFor({ timeout: 10000 });
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10000 });
}

/** Rests the pointer on the first occurrence of `text` in the editor and waits for the hover. */
export async function hoverText(page: Page, text: string): Promise<void> {
  // The token's own span (the line's outer span would put the pointer at the line's start).
  const word = page.locator('.editor-instance .view-line span > span').filter({ hasText: new RegExp(`^${text}$`) }).first();
  const box = await word.boundingBox();
  if (!box) throw new Error(`"${text}" is not visible in the editor`);
  const x = box.x + Math.min(box.width / 2, 30);
  await page.mouse.move(x, box.y + box.height / 2);
  await page.mouse.move(x + 2, box.y + box.height / 2);
  await page.locator('.monaco-hover:not(.hidden) .monaco-hover-content').first().waitFor({ timeout: 15000 });
  // The hover fades in; a picture taken at once shows it half transparent.
  await page.waitForTimeout(600);
}

/** Hovers a tree row of the side bar by its label and clicks one of its inline actions. */
export async function clickInlineAction(page: Page, rowLabel: string, action: string): Promise<void> {
  const row = page.locator('.part.sidebar .monaco-list-row').filter({ hasText: rowLabel }).first();
  await row.hover();
  await row.locator(`.actions .action-label[aria-label="${action}"]`).click();
}

/** A webview's page: the innermost frame that holds `selector` (`what` names it when none appears). */
export async function frameWith(page: Page, selector: string, what: string): Promise<Frame> {
  const deadline = Date.now() + 30000;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (await frame.locator(selector).count().catch(() => 0)) return frame;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`the ${what} page did not appear`);
}

/** The synchronization report's page: the frame that holds its grid. */
export function reportFrame(page: Page): Promise<Frame> {
  return frameWith(page, '[role="grid"]', 'report');
}

const originalSettings = new Map<string, string>();

/**
 * Adds an entry to a list in the workspace's settings: a copy of its first entry with `changes` applied.
 * Steps share the workspace, so each starts again from the settings as they were before any step added one.
 */
export function addLikeFirst(workspaceDir: string, list: 'containerGroups' | 'shareSubscriptions', changes: Record<string, string>): void {
  const settings = path.join(workspaceDir, '.vscode', 'settings.json');
  if (!originalSettings.has(settings)) originalSettings.set(settings, fs.readFileSync(settings, 'utf8'));
  const value = JSON.parse(originalSettings.get(settings)!) as Record<string, unknown[]>;
  const entries = value[`aciDataShare.${list}`];
  entries.push({ ...(entries[0] as object), ...changes });
  fs.writeFileSync(settings, JSON.stringify(value, null, 2));
}

