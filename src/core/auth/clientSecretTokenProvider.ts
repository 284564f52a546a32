/**
 * Service-principal sign-in with a client secret (OAuth2 client_credentials against Entra ID v2).
 */
import fetch from 'node-fetch';
import { ArmError, errorFromResponse } from '../arm/errors';
import { redactText } from '../arm/redact';
import { trimTrailingSlash, validateTokenEndpoint } from '../arm/urlPolicy';
import type { AccessTokenResult, GetTokenOptions, TokenProvider } from '../arm/tokenProvider';

export interface ClientSecretTokenProviderOptions {
  authorityHost: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  userAgent: string;
  /** Default 30000. */
  timeoutMs?: number;
}

/** Tokens are renewed this long before they expire so a request never starts with a dying token. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

const TENANT_PATTERN = /^[A-Za-z0-9.-]+$/;

export class ClientSecretTokenProvider implements TokenProvider {
  readonly id: string;
  private readonly tokenUrl: string;
  private readonly options: ClientSecretTokenProviderOptions;
  private readonly cache = new Map<string, AccessTokenResult>();
  private readonly inFlight = new Map<string, Promise<AccessTokenResult>>();

  constructor(options: ClientSecretTokenProviderOptions) {
    if (!TENANT_PATTERN.test(options.tenantId)) {
      throw new ArmError('The tenant id may contain only letters, digits, dots and hyphens.', { kind: 'security' });
    }
    if (!options.clientId || !options.clientSecret) {
      throw new ArmError('A client id and a client secret are required for service-principal sign-in.', { kind: 'security' });
    }
    const authority = validateTokenEndpoint(options.authorityHost, 'authority host');
    this.tokenUrl = `${trimTrailingSlash(`${authority.origin}${authority.pathname}`)}/${options.tenantId}/oauth2/v2.0/token`;
    this.options = options;
    this.id = `client-secret:${options.tenantId}:${options.clientId}`;
  }

  account(): string {
    return `service principal ${this.options.clientId}`;
  }

  async getToken(scopes: string[], options: GetTokenOptions = {}): Promise<AccessTokenResult> {
    const key = [...scopes].sort().join(' ');
    if (!options.forceRefresh) {
      const cached = this.cache.get(key);
      if (cached && cached.expiresOnTimestamp - REFRESH_MARGIN_MS > Date.now()) {
        return cached;
      }
      const pending = this.inFlight.get(key);
      if (pending) return untilAborted(pending, options.signal);
    }
    // One request serves every caller waiting for it, so no caller's cancellation may abort it (its own
    // timeout bounds it); each caller stops waiting on its own signal instead.
    const request = this.requestToken(scopes, undefined)
      .then((result) => {
        this.cache.set(key, result);
        return result;
      })
      .finally(() => {
        if (this.inFlight.get(key) === request) this.inFlight.delete(key);
      });
    this.inFlight.set(key, request);
    return untilAborted(request, options.signal);
  }

  async signOut(): Promise<void> {
    this.cache.clear();
  }

  private async requestToken(scopes: string[], signal: AbortSignal | undefined): Promise<AccessTokenResult> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      scope: scopes.join(' '),
    });
    const reply = await this.post(form, signal);
    return this.readToken(reply);
  }

  /** Sends the token request within its timeout; a failure to get any answer becomes a canceled, timeout or network error. */
  private async post(form: URLSearchParams, signal: AbortSignal | undefined): Promise<TokenReply> {
    const controller = new AbortController();
    const onAbort = (): void => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      if (signal?.aborted) controller.abort();
      const res = await fetch(this.tokenUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          'User-Agent': this.options.userAgent,
        },
        body: form.toString(),
        signal: controller.signal,
        redirect: 'manual',
      });
      return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
    } catch (err) {
      if (signal?.aborted) {
        throw new ArmError('Sign-in was canceled.', { kind: 'canceled' });
      }
      if ((err as { name?: string }).name === 'AbortError') {
        throw new ArmError(`Sign-in timed out after ${timeoutMs / 1000} seconds waiting for ${new URL(this.tokenUrl).origin}.`, {
          kind: 'timeout',
        });
      }
      const code = (err as { code?: string }).code;
      throw new ArmError(`Sign-in failed: could not reach ${new URL(this.tokenUrl).origin} (${code ?? 'connection failed'}).`, {
        kind: 'network',
        code,
      });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** The token and its expiry from the answer, or an error in words that never quotes the client secret. */
  private readToken({ status, contentType, text }: TokenReply): AccessTokenResult {
    const secrets = [this.options.clientSecret];
    if (status < 200 || status >= 300) {
      const err = errorFromResponse({ status, contentType, text });
      // Entra ID messages can quote request parameters; make sure the secret never appears.
      throw new ArmError(redactText(`Sign-in failed: ${err.message}`, secrets), {
        kind: 'http',
        status,
        code: err.code,
      });
    }
    let body: { access_token?: unknown; expires_in?: unknown; expires_on?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new ArmError(`Sign-in failed: the token response (${status}) was not valid JSON.`, { kind: 'parse', status });
    }
    if (typeof body.access_token !== 'string' || body.access_token.length === 0) {
      throw new ArmError('Sign-in failed: the token response carried no access_token.', { kind: 'parse', status });
    }
    const expiresIn = Number(body.expires_in);
    const expiresOn = Number(body.expires_on);
    const expiresOnTimestamp = Number.isFinite(expiresIn) && expiresIn >= 0
      ? Date.now() + expiresIn * 1000
      : Number.isFinite(expiresOn) && expiresOn > 0
        ? expiresOn * 1000
        : Date.now() + 60 * 60 * 1000;
    return { token: body.access_token, expiresOnTimestamp };
  }
}

interface TokenReply {
  status: number;
  contentType: string;
  text: string;
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  const canceled = () => new ArmError('Sign-in was canceled.', { kind: 'canceled' });
  if (signal.aborted) return Promise.reject(canceled());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(canceled());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
