/** Lets the user pick the definition file of a new container group entry. */
import * as vscode from 'vscode';
import type { Prompts } from '../shared/registerCommand';
import { containerGroups } from '../../settings/configuration';
import { definitionSetting } from '../../tree/definitionFiles';

const PATTERN = '**/*.{aci.yaml,aci.yml,aci.json,yaml,yml,json}';

interface FileItem extends vscode.QuickPickItem {
  uri?: vscode.Uri;
}

async function looksLikeDefinition(uri: vscode.Uri): Promise<boolean> {
  if (/\.aci\.(ya?ml|json)$/i.test(uri.path)) return true;
  try {
    const head = new TextDecoder().decode((await vscode.workspace.fs.readFile(uri)).slice(0, 64 * 1024));
    return /microsoft\.containerinstance\/containergroups/i.test(head) || /^\s*"?properties"?\s*:/m.test(head) && /containers/i.test(head);
  } catch {
    return false;
  }
}

/** `title`: the step's numbered title (the file is the flow's first step). */
export async function pickDefinitionFile(ctx: Prompts, title: string): Promise<vscode.Uri | undefined> {
  const found = await vscode.workspace.findFiles(PATTERN, '{**/node_modules/**,**/.vscode/**,**/package*.json,**/tsconfig*.json}', 500);
  const candidates: vscode.Uri[] = [];
  for (const uri of found) if (await looksLikeDefinition(uri)) candidates.push(uri);
  // A file some entry of the view already uses says which: adding it again makes a second entry (or replaces that one).
  const used = new Map<string, string[]>();
  for (const e of containerGroups().items) used.set(e.definitionFile, [...(used.get(e.definitionFile) ?? []), e.name]);
  const items: FileItem[] = candidates
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((uri) => {
      const setting = definitionSetting(uri);
      const names = setting === undefined ? undefined : used.get(setting);
      return { label: `$(file-code) ${vscode.workspace.asRelativePath(uri)}`, description: names ? vscode.l10n.t('in the view as {0}', names.join(', ')) : undefined, uri };
    });
  items.push({ label: `$(folder-opened) ${vscode.l10n.t('Browse…')}`, description: vscode.l10n.t('any JSON or YAML file') });
  const picked = await ctx.ui.quickPick(items, {
    title,
    placeHolder: vscode.l10n.t('The JSON or YAML file that defines the container group'),
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (picked.uri) return picked.uri;
  const chosen = await ctx.ui.openDialog({
    canSelectMany: false,
    filters: { [vscode.l10n.t('Container group definitions')]: ['yaml', 'yml', 'json'] },
    openLabel: vscode.l10n.t('Use as Definition'),
  });
  return chosen?.[0];
}
