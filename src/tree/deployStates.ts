/** The last deploy result per container group, kept in workspace state; the tree follows its changes. */
import * as vscode from 'vscode';
import { ContainerGroupTarget, containerGroupKey } from '../core/settings/model';

export interface DeployState {
  state: string;
  at: number;
}

/** The error Azure gave the last deploy of a group (its words, redacted of the deploy's secrets). */
export interface DeployError {
  code?: string;
  message?: string;
  at: number;
}

export class DeployStates implements vscode.Disposable {
  private static readonly KEY = 'aciDataShare.deployStates';
  /** Apart from the states: a live read replaces a state, but Diagnose still wants the error that read cannot show. */
  private static readonly ERRORS = 'aciDataShare.deployErrors';

  private readonly changed = new vscode.EventEmitter<ContainerGroupTarget>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {}

  get(target: ContainerGroupTarget): DeployState | undefined {
    return this.memento.get<Record<string, DeployState>>(DeployStates.KEY, {})[containerGroupKey(target)];
  }

  async set(target: ContainerGroupTarget, state: DeployState): Promise<void> {
    const all = { ...this.memento.get<Record<string, DeployState>>(DeployStates.KEY, {}) };
    all[containerGroupKey(target)] = state;
    await this.memento.update(DeployStates.KEY, all);
    this.changed.fire(target);
  }

  /** The last deploy's error; undefined once a deploy ended without one. */
  lastError(target: ContainerGroupTarget): DeployError | undefined {
    return this.memento.get<Record<string, DeployError>>(DeployStates.ERRORS, {})[containerGroupKey(target)];
  }

  async setError(target: ContainerGroupTarget, error: DeployError | undefined): Promise<void> {
    const all = { ...this.memento.get<Record<string, DeployError>>(DeployStates.ERRORS, {}) };
    const key = containerGroupKey(target);
    if (error) all[key] = error;
    else if (key in all) delete all[key];
    else return;
    await this.memento.update(DeployStates.ERRORS, all);
  }

  /**
   * Drops the state recorded before `before` (a live read made since says more than it): without an event, as
   * the node that read the live state is redrawn already.
   */
  async forget(target: ContainerGroupTarget, before: number): Promise<void> {
    const all = { ...this.memento.get<Record<string, DeployState>>(DeployStates.KEY, {}) };
    const key = containerGroupKey(target);
    if (!all[key] || all[key].at >= before) return;
    delete all[key];
    await this.memento.update(DeployStates.KEY, all);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
