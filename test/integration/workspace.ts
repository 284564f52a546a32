// Makes a throwaway copy of a fixture workspace whose .vscode/settings.json points the extension at the emulator.
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPO_ROOT } from './install';

export const FIXTURES_DIR = path.join(REPO_ROOT, 'test', 'fixtures');
export const EMULATOR_TENANT = 'emulator-tenant';
export const EMULATOR_CLIENT_ID = 'sandbox-client';

/**
 * Settings that point the extension at the emulator and sign in through environment variables. The fixtures'
 * own settings.json files list the container groups and share subscriptions.
 */
export function emulatorSettings(emulatorUrl: string): Record<string, unknown> {
  return {
    'aciDataShare.cloud': 'Custom',
    'aciDataShare.customCloud': { armEndpoint: emulatorUrl, authorityHost: emulatorUrl },
    'aciDataShare.auth.method': 'environment',
    'aciDataShare.auth.tenant': EMULATOR_TENANT,
  };
}

/**
 * Environment for code-server (inherited by the extension host): sign-in through the environment against the
 * emulator with a fresh secret per run, and the emulator's URL for tests that talk to it directly.
 */
export function emulatorEnv(emulatorUrl: string): Record<string, string> {
  return {
    AZURE_TENANT_ID: EMULATOR_TENANT,
    AZURE_CLIENT_ID: EMULATOR_CLIENT_ID,
    AZURE_CLIENT_SECRET: crypto.randomBytes(24).toString('base64url'),
    AZURE_AUTHORITY_HOST: emulatorUrl,
    ACI_DS_EMULATOR_URL: emulatorUrl,
  };
}

export interface PreparedWorkspace {
  dir: string;
  remove(): void;
}

/**
 * Copies test/fixtures/<fixture> (or makes an empty folder when fixture is undefined) into a temp dir and writes
 * .vscode/settings.json with the given settings merged over any the fixture already has.
 */
export function prepareWorkspace(fixture: string | undefined, settings: Record<string, unknown>): PreparedWorkspace {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-ds-ws-'));
  // A readable folder name: it shows in the workbench title and in screenshots.
  const dir = path.join(parent, fixture ? path.basename(fixture) : 'empty');
  if (fixture) fs.cpSync(path.join(FIXTURES_DIR, fixture), dir, { recursive: true });
  else fs.mkdirSync(dir);

  const settingsFile = path.join(dir, '.vscode', 'settings.json');
  let existing: Record<string, unknown> = {};
  if (fs.existsSync(settingsFile)) existing = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
  fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
  fs.writeFileSync(settingsFile, `${JSON.stringify({ ...existing, ...settings }, null, 2)}\n`);
  return { dir, remove: () => fs.rmSync(parent, { recursive: true, force: true }) };
}
