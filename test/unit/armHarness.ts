/**
 * Shared setup for the ARM client tests: an emulator, a real client-secret sign-in against it, and
 * a logger that keeps its lines for assertions.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ArmClient, type ArmClientOptions, type ArmLogger } from '../../src/core/arm/client';
import { ArmError } from '../../src/core/arm/errors';
import { ClientSecretTokenProvider } from '../../src/core/auth/clientSecretTokenProvider';
import type { AccessTokenResult, GetTokenOptions, TokenProvider } from '../../src/core/arm/tokenProvider';
import type { ShareSubscriptionRef } from '../../src/core/services/dataShare';
import { type Emulator, type EmulatorOptions } from '../emulator/server';
import { startTestEmulator } from '../emulator/testEmulator';

export const TENANT = 'test-tenant';
export const CLIENT_SECRET = 'super-secret-value-123';
export const SUBSCRIPTION = '00000000-0000-0000-0000-000000000001';

export class MemoryLogger implements ArmLogger {
  readonly lines: string[] = [];
  trace(m: string): void { this.lines.push(`trace ${m}`); }
  debug(m: string): void { this.lines.push(`debug ${m}`); }
  info(m: string): void { this.lines.push(`info ${m}`); }
  warn(m: string): void { this.lines.push(`warn ${m}`); }
  error(m: string): void { this.lines.push(`error ${m}`); }
}

/** Delegates to a real provider and records what the client asked for (and the tokens handed out). */
export class RecordingTokenProvider implements TokenProvider {
  readonly id = 'recording';
  readonly calls: GetTokenOptions[] = [];
  readonly issued: string[] = [];
  constructor(private readonly inner: TokenProvider) {}
  async getToken(scopes: string[], options: GetTokenOptions = {}): Promise<AccessTokenResult> {
    this.calls.push({ forceRefresh: options.forceRefresh });
    const t = await this.inner.getToken(scopes, options);
    this.issued.push(t.token);
    return t;
  }
}

export interface Harness {
  emu: Emulator;
  client: ArmClient;
  tokens: RecordingTokenProvider;
  logger: MemoryLogger;
  close(): Promise<void>;
}

export async function startHarness(
  emuOptions: EmulatorOptions = {},
  clientOptions: Partial<ArmClientOptions> = {},
): Promise<Harness> {
  const emu = await startTestEmulator({ lroPolls: 2, ...emuOptions });
  const tokens = new RecordingTokenProvider(
    new ClientSecretTokenProvider({
      authorityHost: emu.url,
      tenantId: TENANT,
      clientId: 'app-id',
      clientSecret: CLIENT_SECRET,
      userAgent: 'aci-data-share-tests',
    }),
  );
  const logger = new MemoryLogger();
  const client = new ArmClient({
    endpoint: emu.url,
    tokenProvider: tokens,
    scope: `${emu.url}/.default`,
    userAgent: 'aci-data-share-tests/0.1',
    logger,
    timeoutMs: 2000,
    retryBaseDelayMs: 5,
    maxRetryDelayMs: 50,
    ...clientOptions,
  });
  return { emu, client, tokens, logger, close: () => emu.close() };
}

/** A client signed in to `emu` with a client secret, as the extension's is; no retries unless `options` ask. */
export function signedInClient(emu: Emulator, { clientSecret = 'client-secret-x', ...options }: Partial<ArmClientOptions> & { userAgent: string; clientSecret?: string }): ArmClient {
  const tokenProvider = new ClientSecretTokenProvider({ authorityHost: emu.url, tenantId: 't', clientId: 'c', clientSecret, userAgent: options.userAgent });
  return new ArmClient({ endpoint: emu.url, tokenProvider, scope: `${emu.url}/.default`, maxRetries: 0, ...options });
}

/**
 * A harness for a node:test suite, started before its tests and closed after them: no back-off between retries
 * and a timeout for the large listings of the report tests (the harness's own is short).
 */
export function suiteHarness(clientOptions: Partial<ArmClientOptions> = { retryBaseDelayMs: 0, timeoutMs: 10_000 }): Harness {
  let started: Harness | undefined;
  before(async () => {
    started = await startHarness({}, clientOptions);
  });
  after(() => started?.close());
  const get = (): Harness => {
    if (!started) throw new Error('the suite harness is used before its suite started');
    return started;
  };
  return {
    get emu() { return get().emu; },
    get client() { return get().client; },
    get tokens() { return get().tokens; },
    get logger() { return get().logger; },
    close: () => get().close(),
  };
}

/** The share subscriptions of an emulator account (the emulator generates a listing from the name). */
export const shareSubscriptionRef =
  (accountName: string, resourceGroup: string) =>
  (shareSubscriptionName: string): ShareSubscriptionRef => ({ subscriptionId: SUBSCRIPTION, resourceGroup, accountName, shareSubscriptionName });

export function tokenRequests(emu: Emulator): number {
  return emu.requests.filter((r) => r.path.includes('/oauth2/v2.0/token')).length;
}

export function validGroupBody(): Record<string, unknown> {
  return {
    location: 'westeurope',
    properties: {
      osType: 'Linux',
      containers: [{ name: 'app', properties: { image: 'nginx:latest', resources: { requests: { cpu: 1, memoryInGB: 1.5 } } } }],
    },
  };
}

/** A throwaway HTTP server on 127.0.0.1 for cases the emulator does not produce (redirects, 405 on nextLink). */
export interface FixtureServer {
  url: string;
  hits: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

export async function startFixture(
  handler: (req: IncomingMessage, body: string, res: ServerResponse, self: FixtureServer) => void,
): Promise<FixtureServer> {
  const self: FixtureServer = { url: '', hits: [], close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      self.hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, body, res, self);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  self.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  self.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return self;
}

/** A fixed token, for fixture servers that do not check it. */
export class StaticTokenProvider implements TokenProvider {
  readonly id = 'static';
  calls = 0;
  constructor(private readonly token = 'static-test-token-value') {}
  async getToken(): Promise<AccessTokenResult> {
    this.calls++;
    return { token: this.token, expiresOnTimestamp: Date.now() + 3_600_000 };
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/** Awaits `p`, asserts it fails with an ArmError, and returns that error. */
export async function rejectsWith(p: Promise<unknown>): Promise<ArmError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof ArmError, `expected ArmError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to fail');
}
