/**
 * What the ARM client needs from a sign-in method: a bearer token for a set of scopes.
 */

export interface GetTokenOptions {
  signal?: AbortSignal;
  /** Skip any cache, e.g. after ARM answered 401 ExpiredAuthenticationToken. */
  forceRefresh?: boolean;
}

export interface AccessTokenResult {
  token: string;
  /** Milliseconds since the epoch. */
  expiresOnTimestamp: number;
}

export interface TokenProvider {
  /** Stable identifier of the sign-in method and identity, safe to show and log (never a secret). */
  readonly id: string;
  /** Who is signed in, for messages: an account name, or the service principal's client id; never a secret. */
  account?(): string | undefined;
  getToken(scopes: string[], options?: GetTokenOptions): Promise<AccessTokenResult>;
  signOut?(): Promise<void>;
}
