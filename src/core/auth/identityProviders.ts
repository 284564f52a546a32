/**
 * Sign-in methods backed by @azure/identity. The package is loaded only when one of these is used,
 * so activation and the CLI stay fast for users who never sign in this way.
 */
import { ArmError, errorMessage } from '../arm/errors';
import type { AccessTokenResult, GetTokenOptions, TokenProvider } from '../arm/tokenProvider';

/** The subset of @azure/identity's TokenCredential used here. */
interface CredentialLike {
  getToken(scopes: string | string[], options?: { abortSignal?: AbortSignal }): Promise<{ token: string; expiresOnTimestamp: number } | null>;
}

type IdentityModule = typeof import('@azure/identity');

async function loadIdentity(): Promise<IdentityModule> {
  return await import('@azure/identity');
}

export interface DeviceCodePrompt {
  userCode: string;
  verificationUri: string;
  /** Ready-made instruction text from Entra ID. */
  message: string;
}

/**
 * Wraps a lazily created credential. `signOut` drops it so the next call starts a fresh sign-in.
 * @azure/identity offers no per-call cache bypass, so `forceRefresh` recreates non-interactive
 * credentials; an interactive one is kept (recreating it would prompt the user again).
 */
class IdentityTokenProvider implements TokenProvider {
  private credential: Promise<CredentialLike> | undefined;

  constructor(
    readonly id: string,
    private readonly label: string,
    private readonly create: (identity: IdentityModule) => CredentialLike,
    private readonly interactive = false,
  ) {}

  async getToken(scopes: string[], options: GetTokenOptions = {}): Promise<AccessTokenResult> {
    if (options.signal?.aborted) {
      throw new ArmError('Sign-in was canceled.', { kind: 'canceled' });
    }
    if (!this.credential || (options.forceRefresh && !this.interactive)) {
      this.credential = loadIdentity().then((identity) => this.create(identity));
    }
    let result: { token: string; expiresOnTimestamp: number } | null;
    try {
      const credential = await this.credential.catch((err: unknown) => {
        this.credential = undefined;
        throw err;
      });
      result = await credential.getToken(scopes, { abortSignal: options.signal });
    } catch (err) {
      throw this.toArmError(err, options.signal);
    }
    if (!result || !result.token) {
      throw new ArmError(`Sign-in with ${this.label} returned no token.`, { kind: 'http', code: 'CredentialUnavailable' });
    }
    return { token: result.token, expiresOnTimestamp: result.expiresOnTimestamp };
  }

  async signOut(): Promise<void> {
    this.credential = undefined;
  }

  private toArmError(err: unknown, signal: AbortSignal | undefined): ArmError {
    if (err instanceof ArmError) return err;
    const name = (err as { name?: string } | null)?.name ?? 'Error';
    if (signal?.aborted || name === 'AbortError') {
      return new ArmError('Sign-in was canceled.', { kind: 'canceled' });
    }
    const raw = errorMessage(err);
    // Identity errors can be long troubleshooting texts; the first line says what went wrong.
    const first = raw.split(/\r?\n/).find((line) => line.trim().length > 0)?.trim() ?? 'unknown error';
    const short = first.length > 400 ? `${first.slice(0, 400)}…` : first;
    const code = name === 'CredentialUnavailableError' ? 'CredentialUnavailable' : 'AuthenticationFailed';
    return new ArmError(`Sign-in with ${this.label} failed: ${short}`, { kind: 'http', code, cause: err });
  }
}

export interface AzureCliProviderOptions {
  tenantId?: string;
}

/** Uses the account of `az login`. */
export function createAzureCliTokenProvider(options: AzureCliProviderOptions = {}): TokenProvider {
  return new IdentityTokenProvider(
    `azure-cli${options.tenantId ? `:${options.tenantId}` : ''}`,
    'the Azure CLI',
    (identity) => new identity.AzureCliCredential(options.tenantId ? { tenantId: options.tenantId } : {}),
  );
}

export interface EnvironmentProviderOptions {
  /** Defaults to process.env. */
  env?: Record<string, string | undefined>;
  authorityHost?: string;
}

/**
 * Reads the standard variables from `env` (not only process.env): a certificate (AZURE_CLIENT_CERTIFICATE_PATH)
 * or, when AZURE_FEDERATED_TOKEN_FILE is set, workload identity. A client secret (AZURE_CLIENT_SECRET) is
 * signed in with ClientSecretTokenProvider instead, which needs no SDK.
 */
export function createEnvironmentTokenProvider(options: EnvironmentProviderOptions = {}): TokenProvider {
  const env = options.env ?? process.env;
  const authorityHost = options.authorityHost ?? env.AZURE_AUTHORITY_HOST;
  const authority = authorityHost ? { authorityHost } : {};
  const tenantId = env.AZURE_TENANT_ID;
  const clientId = env.AZURE_CLIENT_ID;
  const kind = env.AZURE_FEDERATED_TOKEN_FILE ? 'workload-identity' : env.AZURE_CLIENT_CERTIFICATE_PATH ? 'certificate' : undefined;
  const id = `environment:${kind ?? 'none'}:${tenantId ?? '-'}:${clientId ?? '-'}`;
  return new IdentityTokenProvider(id, 'environment variables', (identity) => {
    if (!kind || !tenantId || !clientId) {
      throw new ArmError(
        'Sign-in with environment variables is not configured: set AZURE_TENANT_ID, AZURE_CLIENT_ID and one of AZURE_CLIENT_SECRET, AZURE_CLIENT_CERTIFICATE_PATH or AZURE_FEDERATED_TOKEN_FILE.',
        { kind: 'http', code: 'CredentialUnavailable' },
      );
    }
    switch (kind) {
      case 'workload-identity':
        return new identity.WorkloadIdentityCredential({ tenantId, clientId, tokenFilePath: env.AZURE_FEDERATED_TOKEN_FILE, ...authority });
      case 'certificate':
        return new identity.ClientCertificateCredential(
          tenantId,
          clientId,
          { certificatePath: env.AZURE_CLIENT_CERTIFICATE_PATH ?? '', certificatePassword: env.AZURE_CLIENT_CERTIFICATE_PASSWORD },
          authority,
        );
    }
  });
}

export interface DeviceCodeProviderOptions {
  tenantId?: string;
  clientId?: string;
  authorityHost?: string;
  /** Shows the code and the address to the user (e.g. a notification with a copy button). */
  onDeviceCode: (prompt: DeviceCodePrompt) => void;
}

/** Interactive sign-in on another device; the token stays in memory for this session only. */
export function createDeviceCodeTokenProvider(options: DeviceCodeProviderOptions): TokenProvider {
  return new IdentityTokenProvider(
    `device-code${options.tenantId ? `:${options.tenantId}` : ''}`,
    'a device code',
    (identity) =>
      new identity.DeviceCodeCredential({
        ...(options.tenantId ? { tenantId: options.tenantId } : {}),
        ...(options.clientId ? { clientId: options.clientId } : {}),
        ...(options.authorityHost ? { authorityHost: options.authorityHost } : {}),
        userPromptCallback: (info) =>
          options.onDeviceCode({ userCode: info.userCode, verificationUri: info.verificationUri, message: info.message }),
      }),
    true,
  );
}
