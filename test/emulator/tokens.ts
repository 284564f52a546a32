// Microsoft identity platform v2 token endpoint (client credentials) and the bearer check ARM does.
import { randomBytes } from 'node:crypto';
import { ErrorInfo, Reply, cloudError, jsonReply } from './reply';

interface IssuedToken {
  expiresAt: number; // epoch ms
}

export type AuthResult = { ok: true; token: string } | { ok: false; reply: Reply };

export class TokenStore {
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly expiryFaultKeys = new Set<string>();

  constructor(private readonly lifetimeSeconds: number) {}

  /** Handles POST /{tenant}/oauth2/v2.0/token with a form-encoded body. */
  issue(body: string, contentType: string | undefined): Reply {
    if (!contentType || !contentType.toLowerCase().includes('application/x-www-form-urlencoded')) {
      return aadError('invalid_request', 'AADSTS900144: The request body must be form-encoded (application/x-www-form-urlencoded).');
    }
    const form = new URLSearchParams(body);
    for (const field of ['grant_type', 'client_id', 'client_secret', 'scope']) {
      if (!form.get(field)) {
        return aadError('invalid_request', `AADSTS900144: The request body must contain the following parameter: '${field}'.`);
      }
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return aadError('unsupported_grant_type', 'AADSTS70003: The app requested an unsupported grant type.');
    }
    const scope = form.get('scope') ?? '';
    if (!scope.split(' ').some((s) => s.endsWith('/.default'))) {
      return aadError('invalid_scope', 'AADSTS1002012: The provided value for scope is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier.');
    }
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { expiresAt: Date.now() + this.lifetimeSeconds * 1000 });
    return jsonReply(200, {
      token_type: 'Bearer',
      expires_in: this.lifetimeSeconds,
      ext_expires_in: this.lifetimeSeconds,
      access_token: token,
    });
  }

  /** Checks the Authorization header the way ARM does before any resource provider sees the call. */
  authenticate(authorization: string | undefined, baseUrl: string): AuthResult {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) {
      return { ok: false, reply: unauthorized(baseUrl, { code: 'AuthenticationFailed', message: "Authentication failed. The 'Authorization' header is missing or is not a Bearer token." }) };
    }
    const token = match[1];
    const issued = this.tokens.get(token);
    if (!issued) {
      return { ok: false, reply: unauthorized(baseUrl, { code: 'AuthenticationFailed', message: 'Authentication failed. The access token is not valid.' }) };
    }
    if (issued.expiresAt <= Date.now()) {
      return { ok: false, reply: expiredReply(baseUrl) };
    }
    return { ok: true, token };
  }

  /**
   * 'token-expired' fault: answers 401 ExpiredAuthenticationToken once per `key` (a resource path) and
   * expires the token that met it, as if its lifetime had just ended. Retrying with the same token fails
   * again; a client that fetches a fresh token succeeds.
   */
  takeExpiryFault(token: string, baseUrl: string, key: string): Reply | undefined {
    if (this.expiryFaultKeys.has(key)) return undefined;
    this.expiryFaultKeys.add(key);
    const issued = this.tokens.get(token);
    if (issued) issued.expiresAt = 0;
    return expiredReply(baseUrl);
  }
}

function aadError(error: string, description: string): Reply {
  return jsonReply(400, {
    error,
    error_description: description,
    error_codes: [Number(/AADSTS(\d+)/.exec(description)?.[1] ?? 0)],
    timestamp: new Date().toISOString(),
  });
}

function expiredReply(baseUrl: string): Reply {
  return unauthorized(baseUrl, { code: 'ExpiredAuthenticationToken', message: 'The access token expiry UTC time is earlier than current UTC time.' }, 'The access token has expired.');
}

function unauthorized(baseUrl: string, info: ErrorInfo, description = info.message): Reply {
  const challenge = `Bearer authorization_uri="${baseUrl}/common/oauth2/authorize", error="invalid_token", error_description="${description.replace(/"/g, "'")}"`;
  return cloudError(401, info, { 'www-authenticate': challenge });
}
