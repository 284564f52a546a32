/** Set Secret… / Delete Secret…: manage the values behind `{{secret:NAME}}` placeholders. */
import * as vscode from 'vscode';
import { isValidSecretName } from '../../core/deploy/secretPlaceholders';
import type { SecretStore } from '../../secrets/secretStore';

/** `name` may come from a quick fix or a code lens that knows the placeholder's name. */
export async function setSecret(store: SecretStore, name?: unknown): Promise<string | undefined> {
  const chosen =
    typeof name === 'string' && isValidSecretName(name)
      ? name
      : await vscode.window.showInputBox({
          title: 'Set Secret (1/2)',
          prompt: 'Name used in the definition as {{secret:NAME}}',
          placeHolder: 'e.g. registry-password',
          ignoreFocusOut: true,
          validateInput: (v) => (isValidSecretName(v.trim()) ? undefined : "Use letters, digits, '.', '_' and '-', starting with a letter or digit."),
        });
  const trimmed = chosen?.trim();
  if (!trimmed) return undefined;
  const value = await vscode.window.showInputBox({
    title: `Set Secret (2/2): ${trimmed}`,
    prompt: store.has(trimmed) ? 'New value (replaces the stored one). Kept in the OS keychain, never in files.' : 'Value. Kept in the OS keychain, never in files.',
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v.length === 0 ? 'The value cannot be empty.' : undefined),
  });
  if (value === undefined) return undefined;
  await store.set(trimmed, value);
  void vscode.window.showInformationMessage(`Secret '${trimmed}' stored. Use it as {{secret:${trimmed}}} in a secret field.`);
  return trimmed;
}

export async function deleteSecret(store: SecretStore, name?: unknown): Promise<string | undefined> {
  const names = store.names();
  if (names.length === 0) {
    void vscode.window.showInformationMessage('No secrets are stored.');
    return undefined;
  }
  const chosen =
    typeof name === 'string' && names.includes(name)
      ? name
      : await vscode.window.showQuickPick(names, { title: 'Delete Secret', placeHolder: 'Secret to delete' });
  if (!chosen) return undefined;
  const ok = await vscode.window.showWarningMessage(
    `Delete the secret '${chosen}'?`,
    { modal: true, detail: `Definitions that use {{secret:${chosen}}} cannot be deployed until it is set again.` },
    'Delete',
  );
  if (ok !== 'Delete') return undefined;
  await store.delete(chosen);
  return chosen;
}
