/**
 * Sign-in through VS Code's built-in Microsoft account provider, so the account lives in the Accounts menu.
 * Sovereign clouds use VS Code's `microsoft-sovereign-cloud` provider.
 */
import * as vscode from 'vscode';
import type { AccessTokenResult, GetTokenOptions, TokenProvider } from '../core/arm/tokenProvider';

/** VS Code does not expose a session's expiry; sessions are refreshed by VS Code well before it. */
const ASSUMED_LIFETIME_MS = 5 * 60_000;

export class VsCodeTokenProvider implements TokenProvider {
  readonly id: string;
  private accountLabel: string | undefined;

  constructor(
    private readonly providerId: 'microsoft' | 'microsoft-sovereign-cloud',
    private readonly tenant: string | undefined,
  ) {
    this.id = `vscode:${providerId}${tenant ? `:${tenant}` : ''}`;
  }

  account(): string | undefined {
    return this.accountLabel;
  }

  private scopesFor(scopes: string[]): string[] {
    return this.tenant ? [...scopes, `VSCODE_TENANT:${this.tenant}`] : scopes;
  }

  async getToken(scopes: string[], options?: GetTokenOptions): Promise<AccessTokenResult> {
    const all = this.scopesFor(scopes);
    const session = options?.forceRefresh
      ? await vscode.authentication.getSession(this.providerId, all, { forceNewSession: { detail: vscode.l10n.t('Azure asked to sign in again.') } })
      : await vscode.authentication.getSession(this.providerId, all, { createIfNone: true });
    if (!session) throw new Error(vscode.l10n.t('Sign-in to Azure was cancelled.'));
    this.accountLabel = session.account.label;
    return { token: session.accessToken, expiresOnTimestamp: Date.now() + ASSUMED_LIFETIME_MS };
  }

  async signOut(): Promise<void> {
    // VS Code owns the account; sign-out happens in the Accounts menu. Forget our preference for it.
    await vscode.authentication.getSession(this.providerId, this.scopesFor([]), { clearSessionPreference: true, silent: true });
  }
}
