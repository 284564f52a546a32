/**
 * The editor title's Deploy button for files whose name does not say what they are: an ARM template (or any JSON or
 * YAML file) that declares a container group. A context key follows the active editor; its text is looked at again
 * when it changes, at most every 300 ms, since the pattern reads the whole document.
 */
import * as vscode from 'vscode';
import { isContainerGroupDocument } from '../../core/definition/detect';

export const DEPLOYABLE_EDITOR_CONTEXT = 'aciDataShare.deployableEditor';

export class DeployableEditor implements vscode.Disposable {
  private shown: boolean | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners: vscode.Disposable[];

  constructor() {
    this.listeners = [
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document !== vscode.window.activeTextEditor?.document || this.timer) return;
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.update();
        }, 300);
      }),
    ];
    this.update();
  }

  /** Whether the editor title offers Deploy for the active editor now. */
  get current(): boolean {
    return this.shown === true;
  }

  private update(): void {
    const doc = vscode.window.activeTextEditor?.document;
    const deployable = !!doc && doc.uri.scheme !== 'output' && /^(json|jsonc|yaml)$/.test(doc.languageId) && isContainerGroupDocument(doc.getText(), doc.fileName);
    if (deployable === this.shown) return;
    this.shown = deployable;
    void vscode.commands.executeCommand('setContext', DEPLOYABLE_EDITOR_CONTEXT, deployable);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const l of this.listeners) l.dispose();
  }
}
