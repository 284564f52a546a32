// Tests-module stand-in for the activation benchmark: activates the extension in the real VS Code, shows its
// view, and prints the extension's own timings for the benchmark to read, with the extension host's marks around
// loading the extension's code (import of dist/extension.mjs) and calling activate(). Settles so the host exits.
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<TestApi>('aci-data-share.aci-data-share');
  if (!extension) throw new Error('extension not loaded');
  const api = await extension.activate();
  await vscode.commands.executeCommand('aciDataShare.explorer.focus');
  for (let i = 0; i < 100 && api.timings().firstRenderMs === undefined; i++) await new Promise((r) => setTimeout(r, 50));
  const t = api.timings();
  const host = hostMarks(extension.id);
  console.log(`[probe] activation activateMs=${t.activateMs.toFixed(2)} firstRenderMs=${t.firstRenderMs?.toFixed(2) ?? 'n/a'} loadMs=${host.loadMs ?? 'n/a'} loadToActivatedMs=${host.loadToActivatedMs ?? 'n/a'}`);
}

/** The extension host's own performance marks (VS Code keeps them on globalThis.MonacoPerformanceMarks). */
function hostMarks(id: string): { loadMs?: string; loadToActivatedMs?: string } {
  const marks = (globalThis as { MonacoPerformanceMarks?: { getMarks(): { name: string; startTime: number }[] } }).MonacoPerformanceMarks?.getMarks() ?? [];
  const at = (what: string) => marks.find((m) => m.name === `code/extHost/${what}/${id}`)?.startTime;
  const [willLoad, didLoad, didActivate] = [at('willLoadExtensionCode'), at('didLoadExtensionCode'), at('didActivateExtension')];
  if (willLoad === undefined) return {};
  return { loadMs: didLoad === undefined ? undefined : String(didLoad - willLoad), loadToActivatedMs: didActivate === undefined ? undefined : String(didActivate - willLoad) };
}
