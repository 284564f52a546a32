/**
 * The Azure connection of this window: cloud, sign-in and the one ARM client, created on first use (so
 * activation loads none of it) and rebuilt when the settings that define it change.
 */
import * as vscode from 'vscode';
import type { ArmClient } from '../core/arm/client';
import type { CloudConfig } from '../core/arm/clouds';
import type { TokenProvider } from '../core/arm/tokenProvider';
import type { ShareSubscriptionTarget } from '../core/settings/model';
import { connectionSettings, ConnectionSettings, requestTimeoutMs } from '../settings/configuration';
import { log } from '../output/log';
import { VsCodeTokenProvider } from './vscodeTokenProvider';

export interface Connection {
  client: ArmClient;
  cloud: CloudConfig;
  tokenProvider: TokenProvider;
}

async function createTokenProvider(s: ConnectionSettings, cloud: CloudConfig, userAgent: string): Promise<TokenProvider> {
  switch (s.authMethod) {
    case 'environment': {
      const { readEnvironmentCredentials } = await import('../core/auth/environment');
      const creds = readEnvironmentCredentials(process.env);
      if (creds) {
        // A client secret needs no SDK: the core client-credentials flow also reaches a loopback emulator.
        const { ClientSecretTokenProvider } = await import('../core/auth/clientSecretTokenProvider');
        // The provider refuses an authority that is not https (or http on loopback) before sending anything.
        return new ClientSecretTokenProvider({ ...creds, authorityHost: creds.authorityHost ?? cloud.authorityHost, userAgent });
      }
      const { createEnvironmentTokenProvider } = await import('../core/auth/identityProviders');
      const { validateTokenEndpoint } = await import('../core/arm/urlPolicy');
      const authorityHost = process.env.AZURE_AUTHORITY_HOST?.trim() || cloud.authorityHost;
      validateTokenEndpoint(authorityHost, 'authority host (AZURE_AUTHORITY_HOST)');
      return createEnvironmentTokenProvider({ authorityHost });
    }
    case 'azureCli': {
      const { createAzureCliTokenProvider } = await import('../core/auth/identityProviders');
      return createAzureCliTokenProvider({ tenantId: s.tenant });
    }
    case 'deviceCode': {
      const { createDeviceCodeTokenProvider } = await import('../core/auth/identityProviders');
      return createDeviceCodeTokenProvider({
        tenantId: s.tenant,
        authorityHost: cloud.authorityHost,
        onDeviceCode: (prompt) => {
          void vscode.window
            .showInformationMessage(
              vscode.l10n.t('Sign in to Azure: open {0} and enter the code {1}.', prompt.verificationUri, prompt.userCode),
              vscode.l10n.t('Copy Code and Open'),
            )
            .then(async (choice) => {
              if (!choice) return;
              await vscode.env.clipboard.writeText(prompt.userCode);
              await vscode.env.openExternal(vscode.Uri.parse(prompt.verificationUri));
            });
        },
      });
    }
    default:
      return new VsCodeTokenProvider(cloud.name === 'AzureCloud' ? 'microsoft' : 'microsoft-sovereign-cloud', s.tenant);
  }
}

export class AzureSession implements vscode.Disposable {
  private pending: Promise<Connection> | undefined;
  private readonly connected = new vscode.EventEmitter<void>();
  /** A connection was made (a sign-in, or the first request that needed one): what waited for it can load. */
  readonly onDidConnect = this.connected.event;

  constructor(private readonly context: vscode.ExtensionContext) {}

  /** Forget the connection; the next request builds one from the current settings. */
  reset(): void {
    this.pending = undefined;
  }

  /** The connection when one was made (the user is signed in or signing in), without starting one. */
  signedIn(): Promise<Connection> | undefined {
    return this.pending;
  }

  connection(): Promise<Connection> {
    if (!this.pending) {
      const created = this.create();
      this.pending = created;
      created.then(
        () => {
          if (this.pending === created) this.connected.fire();
        },
        // A failed sign-in must not stick: the next request tries again.
        () => {
          if (this.pending === created) this.pending = undefined;
        },
      );
    }
    return this.pending;
  }

  private async create(): Promise<Connection> {
    const s = connectionSettings();
    const [{ ArmClient }, { resolveCloud }] = await Promise.all([import('../core/arm/client'), import('../core/arm/clouds')]);
    const cloud = resolveCloud({
      cloud: s.cloud,
      custom:
        s.cloud === 'Custom' && s.custom?.armEndpoint && s.custom.authorityHost
          ? { armEndpoint: s.custom.armEndpoint, authorityHost: s.custom.authorityHost }
          : undefined,
    });
    const version = String(this.context.extension.packageJSON.version ?? '0.0.0');
    const userAgent = `aci-data-share/${version} VSCode/${vscode.version}`;
    const tokenProvider = await createTokenProvider(s, cloud, userAgent);
    const client = new ArmClient({ endpoint: cloud.armEndpoint, scope: cloud.scope, tokenProvider, userAgent, logger: log(), timeoutMs: requestTimeoutMs() });
    log().info(`Azure: ${cloud.name} (${cloud.armEndpoint}), sign-in ${tokenProvider.id}`);
    return { client, cloud, tokenProvider };
  }

  /** Every page of a share subscription's source synchronization settings. */
  async listSourceSettings(target: ShareSubscriptionTarget, token: vscode.CancellationToken): Promise<unknown[]> {
    const { client } = await this.connection();
    const { listSourceShareSynchronizationSettings } = await import('../core/services/dataShare');
    const abort = new AbortController();
    const listener = token.onCancellationRequested(() => abort.abort());
    try {
      const items: unknown[] = [];
      for await (const page of listSourceShareSynchronizationSettings(client, target, { signal: abort.signal })) {
        items.push(...page.items);
      }
      return items;
    } finally {
      listener.dispose();
    }
  }

  dispose(): void {
    this.pending = undefined;
    this.connected.dispose();
  }
}
