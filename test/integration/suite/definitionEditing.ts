// What the definition-editing suites share: a definition written into the workspace and opened, its findings
// polled for, a place in it, a finding in words, and the suite's set-up (the extension active, each test's editor
// closed unsaved).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import { activateExtension } from './extensionApi';

export const YAML = `apiVersion: '2023-05-01'
location: westeurope
name: lang-test
type: Microsoft.ContainerInstance/containerGroups
properties:
  osType: Linux
  containers:
    - name: web
      properties:
        image: nginx
        ports:
          - port: 80
            protocol: tcp
        resources:
          requests:
            cpu: 1
            memoryInGB: 1.5
        volumeMounts:
          - name: cache-volume
            mountPath: C:\\cache
          - name: missing-volume
            mountPath: /data
  volumes:
    - name: cache-volume
      emptyDir: {}
  ipAddress:
    type: Public
    ports:
      - port: 80
`;

/**
 * A JSON definition of one busybox container; `groupLines` are the group's properties after its containers (one
 * a line, commas included), `osType` whether the group names its OS before them.
 */
export function jsonDefinition(groupLines: string[], { osType = true } = {}): string {
  return `{
  "location": "westeurope",
  "properties": {${osType ? '\n    "osType": "Linux",' : ''}
    "containers": [
      {
        "name": "job",
        "properties": {
          "image": "busybox",
          "resources": { "requests": { "cpu": 1, "memoryInGB": 1 } }
        }
      }
    ],
${groupLines.map((l) => `    ${l}`).join('\n')}
  }
}
`;
}

/** Without its OS, with a restart policy that is not one. */
export const JSON_BODY = jsonDefinition(['"restartPolicy": "Sometimes"'], { osType: false });

export async function write(name: string, text: string): Promise<vscode.TextDocument> {
  const file = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'definitions', name);
  fs.writeFileSync(file, text);
  const doc = await vscode.workspace.openTextDocument(file);
  await vscode.window.showTextDocument(doc);
  return doc;
}

/** Polls until the document's ACI diagnostics satisfy `ready`. */
export async function diagnosticsOf(doc: vscode.TextDocument, ready: (d: vscode.Diagnostic[]) => boolean = (d) => d.length > 0): Promise<vscode.Diagnostic[]> {
  const deadline = Date.now() + 15000;
  for (;;) {
    const ours = vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source === 'aci-validate');
    if (ready(ours)) return ours;
    if (Date.now() > deadline) throw new Error(`diagnostics not ready: ${ours.map((d) => d.code).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function at(doc: vscode.TextDocument, needle: string, within = 0): vscode.Position {
  const offset = doc.getText().indexOf(needle);
  assert.ok(offset >= 0, `"${needle}" is in the document`);
  return doc.positionAt(offset + within);
}

export function describeFinding(d: vscode.Diagnostic): string {
  return `${String(d.code)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;
}

/** The extension's test API once the suite set-up ran; each test's editor is closed unsaved after it. */
export function editingSuite(): () => TestApi {
  let api: TestApi | undefined;
  suiteSetup(async () => {
    api = await activateExtension();
  });
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
  return () => {
    if (!api) throw new Error('the editing suite is used before its set-up ran');
    return api;
  };
}
