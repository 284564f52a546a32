// Tests-module stand-in for the activation benchmark: activates the extension in the real VS Code, shows its
// view, and prints the extension's own timings for the benchmark to read. Settles so the host exits.
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<TestApi>('aci-data-share.aci-data-share');
  if (!extension) throw new Error('extension not loaded');
  const api = await extension.activate();
  await vscode.commands.executeCommand('aciDataShare.explorer.focus');
  for (let i = 0; i < 100 && api.timings().firstRenderMs === undefined; i++) await new Promise((r) => setTimeout(r, 50));
  const t = api.timings();
  console.log(`[probe] activation activateMs=${t.activateMs.toFixed(2)} firstRenderMs=${t.firstRenderMs?.toFixed(2) ?? 'n/a'}`);
}
