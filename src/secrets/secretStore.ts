/**
 * Named secrets for `{{secret:NAME}}` placeholders, kept in VS Code's SecretStorage (the OS keychain).
 * SecretStorage cannot list its keys, so the names (never the values) are also kept in global state.
 */
import * as vscode from 'vscode';
import { isValidSecretName } from '../core/definition/secrets';

const KEY_PREFIX = 'aciDataShare.secret:';
const NAMES_KEY = 'aciDataShare.secretNames';

export class SecretStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a name is added or removed (for diagnostics of unknown names and completion). */
  readonly onDidChange = this.changed.event;
  private readonly listener: vscode.Disposable;

  constructor(
    private readonly storage: vscode.SecretStorage,
    private readonly memento: vscode.Memento,
  ) {
    this.listener = storage.onDidChange((e) => {
      if (e.key.startsWith(KEY_PREFIX)) this.changed.fire();
    });
  }

  /** Known names, sorted. */
  names(): string[] {
    const raw = this.memento.get<unknown>(NAMES_KEY, []);
    return Array.isArray(raw) ? raw.filter((n): n is string => typeof n === 'string').sort() : [];
  }

  has(name: string): boolean {
    return this.names().includes(name);
  }

  get(name: string): Thenable<string | undefined> {
    return this.storage.get(KEY_PREFIX + name);
  }

  async set(name: string, value: string): Promise<void> {
    if (!isValidSecretName(name)) throw new Error(vscode.l10n.t("'{0}' is not a valid secret name: use letters, digits, '.', '_' and '-'.", name));
    await this.storage.store(KEY_PREFIX + name, value);
    if (!this.has(name)) await this.memento.update(NAMES_KEY, [...this.names(), name].sort());
    this.changed.fire();
  }

  async delete(name: string): Promise<void> {
    await this.storage.delete(KEY_PREFIX + name);
    await this.memento.update(NAMES_KEY, this.names().filter((n) => n !== name));
    this.changed.fire();
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
