/**
 * Where a bearer token may be sent: https, or plain http only to a loopback address (a local emulator).
 */
import { ArmError } from './errors';
import { redactUrl } from './redact';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/**
 * Parses and checks an endpoint that will receive a token. Throws ArmError kind `security`.
 * `what` names the setting in the message ("ARM endpoint", "authority host").
 */
export function validateTokenEndpoint(raw: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ArmError(`The ${what} "${redactUrl(raw)}" is not a valid absolute URL.`, { kind: 'security' });
  }
  if (url.username || url.password) {
    throw new ArmError(`The ${what} must not contain a user name or password.`, { kind: 'security' });
  }
  if (url.protocol === 'https:') {
    return url;
  }
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) {
    return url;
  }
  throw new ArmError(
    `The ${what} "${redactUrl(raw)}" must use https (plain http is allowed only for 127.0.0.1, localhost or [::1]).`,
    { kind: 'security' },
  );
}

/** Removes trailing slashes so that `endpoint + path` never doubles them. */
export function trimTrailingSlash(text: string): string {
  return text.replace(/\/+$/, '');
}

/**
 * A status URL the service named (Azure-AsyncOperation, Location) as an absolute URL: ARM may give a path
 * (`/subscriptions/…`, as in the published what-if example PostDeploymentWhatIfOnResourceGroup), which is read
 * against the ARM endpoint like the product's own paths; an absolute URL is kept as given. Either is then held to
 * the same policy as every request (same origin, no credentials).
 */
export function resolveServiceUrl(endpoint: URL, raw: string): URL {
  const text = raw.trim();
  if (text.startsWith('/') && !text.startsWith('//')) return resolveRequestUrl(endpoint, { path: text });
  return resolveRequestUrl(endpoint, { url: text });
}

/**
 * Resolves a request target against the endpoint. Absolute URLs must share the endpoint's origin
 * (scheme, host and port); anything else is refused before a connection is opened.
 */
export function resolveRequestUrl(endpoint: URL, target: { path?: string; url?: string }): URL {
  if (target.url !== undefined) {
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      throw new ArmError(`The service returned an invalid URL "${redactUrl(target.url)}".`, { kind: 'security' });
    }
    if (url.origin !== endpoint.origin || url.username || url.password) {
      throw new ArmError(
        `Refused to send the sign-in token to ${redactUrl(url.origin)}: it is not the configured ARM endpoint ${endpoint.origin}.`,
        { kind: 'security' },
      );
    }
    return url;
  }
  const path = target.path ?? '';
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new ArmError(`Request path "${redactUrl(path)}" must start with a single "/".`, { kind: 'security' });
  }
  const url = new URL(trimTrailingSlash(endpoint.href.split('?')[0]) + path);
  if (url.origin !== endpoint.origin) {
    throw new ArmError('Request path escapes the configured ARM endpoint.', { kind: 'security' });
  }
  return url;
}
