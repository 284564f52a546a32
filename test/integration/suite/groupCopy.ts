// A configured copy of the sample workspace's web-frontend definition under a name of its own, for suites that
// deploy and change a group nobody else touches. restore() puts the configured list and the folder back.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';

export interface GroupCopy {
  /** The definition file's URI. */
  uri: vscode.Uri;
  restore(): Promise<void>;
}

export async function configureWebFrontendCopy(entry: ContainerGroupTarget, dnsNameLabel: string): Promise<GroupCopy> {
  const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
  const file = path.join(folder, entry.definitionFile);
  const definition = fs
    .readFileSync(path.join(folder, 'definitions', 'web-frontend.aci.yaml'), 'utf8')
    .replace('name: web-frontend', `name: ${entry.name}`)
    // A volume name long enough to deploy without a warning.
    .replace(/name: site$/gm, 'name: site-content')
    .replace('dnsNameLabel: contoso-web-frontend', `dnsNameLabel: ${dnsNameLabel}`);
  fs.writeFileSync(file, definition);
  const config = vscode.workspace.getConfiguration('aciDataShare');
  const before = config.inspect<unknown[]>('containerGroups')?.workspaceValue;
  await config.update('containerGroups', [...(before ?? []), entry], vscode.ConfigurationTarget.Workspace);
  return {
    uri: vscode.Uri.file(file),
    restore: async () => {
      await vscode.workspace.getConfiguration('aciDataShare').update('containerGroups', before, vscode.ConfigurationTarget.Workspace);
      fs.rmSync(file, { force: true });
    },
  };
}
