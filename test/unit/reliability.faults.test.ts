// Every emulator fault against the operations the extension runs (listing schedules, streaming a report,
// deploying), over real sockets on 127.0.0.1: each ends in a clear message or a retried success, never a hang
// (every client has a short timeout) and never an unhandled rejection; the same client works afterwards.
import assert from 'node:assert/strict';
import { after, before, describe, test as nodeTest } from 'node:test';
import { ArmClient, type ArmClientOptions } from '../../src/core/arm/client';
import { ArmError } from '../../src/core/arm/errors';
import { ClientSecretTokenProvider } from '../../src/core/auth/clientSecretTokenProvider';
import type { AccessTokenResult, GetTokenOptions, TokenProvider } from '../../src/core/arm/tokenProvider';
import { deployBody } from '../../src/core/deploy/deployContainerGroup';
import type { RequestBody } from '../../src/core/deploy/requestBody';
import { loadSynchronizationReport } from '../../src/core/report/shared/stream';
import { collectAll, listSourceShareSynchronizationSettings, type ShareSubscriptionRef } from '../../src/core/services/dataShare';
import { generateSynchronizations } from '../emulator/dataShareGenerator';
import { type Emulator } from '../emulator/server';
import { startTestEmulator } from '../emulator/testEmulator';
import { CaseCounter } from '../summary/record';
import { MemoryLogger } from './armHarness';

/** Every case is bounded: a hang fails the case instead of stalling the run. */
const test = (name: string, fn: () => unknown): void => {
  void nodeTest(name, { timeout: 15_000 }, async () => {
    await fn();
  });
};

const CLIENT_SECRET = 'reliability-Client-Secret-7d1e';
const SUB = '00000000-0000-0000-0000-0000000000f1';
const counter = new CaseCounter('faults', 'unit-reliability-faults');
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

/** A token cache that never refreshes: what a client sees when its sign-in keeps handing out a dead token. */
class StaleTokenProvider implements TokenProvider {
  readonly id = 'stale-cache';
  forced = 0;
  private cached: AccessTokenResult | undefined;
  constructor(private readonly inner: TokenProvider) {}
  async getToken(scopes: string[], options: GetTokenOptions = {}): Promise<AccessTokenResult> {
    if (options.forceRefresh) this.forced++;
    return (this.cached ??= await this.inner.getToken(scopes, options));
  }
}

let emu: Emulator;
const logger = new MemoryLogger();
const tokenSource = () => new ClientSecretTokenProvider({ authorityHost: emu.url, tenantId: 't', clientId: 'c', clientSecret: CLIENT_SECRET, userAgent: 'reliability' });
const issuedTokens = () => emu.requests.filter((r) => r.path.includes('/oauth2/v2.0/token')).length;

function client(options: Partial<ArmClientOptions> = {}): ArmClient {
  return new ArmClient({
    endpoint: emu.url,
    tokenProvider: tokenSource(),
    scope: `${emu.url}/.default`,
    userAgent: 'reliability-tests',
    logger,
    timeoutMs: 3000,
    retryBaseDelayMs: 5,
    maxRetryDelayMs: 50,
    ...options,
  });
}

const share = (shareSubscriptionName: string): ShareSubscriptionRef => ({ subscriptionId: SUB, resourceGroup: 'rg-rel', accountName: 'acct-rel', shareSubscriptionName });
const settings = (c: ArmClient, name: string, signal?: AbortSignal) => collectAll(listSourceShareSynchronizationSettings(c, share(name), { signal }));
const group = (name: string) => ({ subscriptionId: SUB, resourceGroup: 'rg-rel', name });
const body = (): RequestBody =>
  ({
    location: 'westeurope',
    properties: { osType: 'Linux', containers: [{ name: 'app', properties: { image: 'nginx:latest', resources: { requests: { cpu: 1, memoryInGB: 1 } } } }] },
  });

/** The message a user would read: clear, without markup, tokens or the client secret. */
function assertClear(err: unknown, pattern: RegExp): ArmError {
  assert.ok(err instanceof ArmError, `an ArmError, got ${String(err)}`);
  assert.match(err.message, pattern);
  assert.doesNotMatch(err.message, /<[a-z!/]/i, 'no markup in the message');
  assert.ok(!err.message.includes(CLIENT_SECRET));
  return err;
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  assert.fail('expected a failure');
}

/** After any fault the same client still serves a healthy listing. */
async function stillWorks(c: ArmClient): Promise<void> {
  assert.equal((await settings(c, 'healthy-settings-3')).length, 3);
}

before(async () => {
  process.on('unhandledRejection', onRejection);
  emu = await startTestEmulator({ hangMs: 5000 });
});
after(async () => {
  await emu.close();
  process.off('unhandledRejection', onRejection);
  counter.write();
});

describe('faults while listing schedules and reports', () => {
  for (const fault of ['429', '503', 'reset']) {
    test(`${fault}: retried until every page arrives`, () =>
      counter.run(`list ${fault}`, async () => {
        const c = client();
        const items = await settings(c, `ss-settings-5-fault-${fault}`);
        assert.equal(items.length, 5);
        assert.ok(logger.lines.some((l) => l.startsWith('warn Retrying ') && l.includes(`fault-${fault}`)));
        await stillWorks(c);
      }));
  }

  const exhausted: Array<[string, RegExp]> = [
    ['429', /^Too Many Requests \(429\): .*\[TooManyRequests\]/],
    ['503', /^Service Unavailable \(503\): .*\[ServiceUnavailable\]/],
    ['reset', /^Network error talking to http:\/\/127\.0\.0\.1:\d+: ECONNRESET\.$/],
  ];
  for (const [fault, pattern] of exhausted) {
    test(`${fault} with no retries left: a clear error`, () =>
      counter.run(`list ${fault} exhausted`, async () => {
        const c = client({ maxRetries: 0 });
        assertClear(await failure(() => settings(c, `ss-x-fault-${fault}`)), pattern);
        await stillWorks(c);
      }));
  }

  test('hang: a timeout naming the seconds, bounded by the client timeout', () =>
    counter.run('list hang', async () => {
      const c = client({ timeoutMs: 300, maxRetries: 0 });
      const err = assertClear(await failure(() => settings(c, 'ss-fault-hang')), /timed out after 0\.3 seconds without a complete response/);
      assert.equal(err.kind, 'timeout');
      await stillWorks(c);
    }));

  test('malformed JSON: says the body could not be read', () =>
    counter.run('list malformed-json', async () => {
      const c = client();
      const err = assertClear(await failure(() => settings(c, 'ss-fault-malformed-json')), /could not be read as JSON \(application\/json, \d+ characters\)/);
      assert.equal(err.kind, 'parse');
      await stillWorks(c);
    }));

  test('HTML error page: summarized as Bad Gateway, never echoed', () =>
    counter.run('list html-error', async () => {
      const c = client({ maxRetries: 1 });
      const err = assertClear(await failure(() => settings(c, 'ss-fault-html-error')), /^Bad Gateway \(502\)/);
      assert.doesNotMatch(err.message, /DOCTYPE|<\/?(html|body|h1)/i);
      await stillWorks(c);
    }));

  test('nextLink loop: stopped with a message, not followed forever', () =>
    counter.run('list nextlink-loop', async () => {
      const c = client();
      const err = assertClear(await failure(() => settings(c, 'ss-settings-9-fault-nextlink-loop')), /same next-page link twice .*endless loop/);
      assert.equal(err.code, 'NextLinkLoop');
      await stillWorks(c);
    }));

  test('nextLink to another host: refused before anything is sent there', () =>
    counter.run('list nextlink-foreign-host', async () => {
      const c = client();
      const before = emu.requests.length;
      const err = assertClear(await failure(() => settings(c, 'ss-settings-5-fault-nextlink-foreign-host')), /example\.invalid|another|origin|host/i);
      assert.equal(err.kind, 'security');
      assert.equal(emu.requests.slice(before).filter((r) => !r.path.includes('/oauth2/')).length, 1, 'only the first page was requested');
      await stillWorks(c);
    }));

  test('token expiring mid-paging: one refresh and every page arrives', () =>
    counter.run('list token-expired refreshed', async () => {
      const c = client();
      const tokensBefore = issuedTokens();
      assert.equal((await settings(c, 'ss-settings-7-fault-token-expired')).length, 7);
      assert.equal(issuedTokens() - tokensBefore, 2, 'the first token, then exactly one fresh one');
    }));

  test('token expiring mid-paging when the refresh brings no new token: a clear sign-in error', () =>
    counter.run('list token-expired stale', async () => {
      const stale = new StaleTokenProvider(tokenSource());
      const c = client({ tokenProvider: stale });
      const err = assertClear(await failure(() => settings(c, 'ss-stale-settings-7-fault-token-expired')), /token expired .*sign in again\. \[ExpiredAuthenticationToken\]/);
      assert.equal(err.status, 401);
      assert.equal(stale.forced, 1, 'exactly one refresh was asked for');
    }));

  test('cancel mid-paging: stops at once and sends nothing more', () =>
    counter.run('list cancel', async () => {
      const c = client();
      const abort = new AbortController();
      const pages = listSourceShareSynchronizationSettings(c, share('ss-cancel-settings-9'), { signal: abort.signal });
      let seen = 0;
      let sentAtCancel = 0;
      const err = await failure(async () => {
        for await (const page of pages) {
          seen += page.items.length;
          abort.abort();
          sentAtCancel = emu.requests.length;
        }
      });
      assertClear(err, /canceled/);
      assert.equal((err as ArmError).kind, 'canceled');
      assert.equal(seen, 2);
      assert.equal(emu.requests.length, sentAtCancel);
      await stillWorks(c);
    }));

  test('a 429 in the middle of a report is retried and every row arrives', () =>
    counter.run('report 429-midpaging', async () => {
      const name = 'ss-rows-120-pagesize-20-fault-429-midpaging';
      const syncId = generateSynchronizations('acct-rel', name)[0].synchronizationId;
      const { rows } = await loadSynchronizationReport(client(), share(name), syncId);
      assert.equal(rows.length, 120);
    }));

  test('malformed JSON in a report page: a clear error', () =>
    counter.run('report malformed-json', async () => {
      const name = 'ss-rows-60-pagesize-20-fault-malformed-json';
      const syncId = generateSynchronizations('acct-rel', name)[0].synchronizationId;
      assertClear(await failure(() => loadSynchronizationReport(client(), share(name), syncId)), /could not be read as JSON/);
    }));
});

describe('faults while deploying', () => {
  test('LRO ending Failed: the service reason and code', () =>
    counter.run('deploy lro-failed', async () => {
      const err = assertClear(await failure(() => deployBody(client(), group('web-fault-lro-failed'), body(), { defaultPollMs: 5 })), /^The operation failed: .+ \[\w+\]$/);
      assert.equal(err.kind, 'lro');
    }));

  test('LRO ending Canceled: says it was canceled in Azure', () =>
    counter.run('deploy lro-canceled', async () => {
      const err = assertClear(await failure(() => deployBody(client(), group('web-fault-lro-canceled'), body(), { defaultPollMs: 5 })), /^The operation was canceled in Azure: .+ \[\w+\]$/);
      assert.equal(err.kind, 'lro');
    }));

  test('LRO status URL erroring: gives up after a few polls and says the operation may still run', () =>
    counter.run('deploy lro-status-error', async () => {
      const c = client();
      const err = assertClear(
        await failure(() => deployBody(c, group('web-fault-lro-status-error'), body(), { defaultPollMs: 5 })),
        /could not be read after \d+ polls .*may still be running in Azure/,
      );
      assert.equal(err.code, 'OperationStatusUnavailable');
      assert.equal((await deployBody(c, group('web-after-status-error'), body(), { defaultPollMs: 5 })).group.provisioningState, 'Succeeded');
    }));

  test('429 and 503 on the PUT are retried to Succeeded', () =>
    counter.run('deploy 429/503', async () => {
      for (const fault of ['429', '503']) {
        const run = await deployBody(client(), group(`web-fault-${fault}`), body(), { defaultPollMs: 5 });
        assert.equal(run.group.provisioningState, 'Succeeded');
      }
    }));

  test('a server that never answers the PUT: a timeout, not a hang', () =>
    counter.run('deploy hang', async () => {
      const err = assertClear(
        await failure(() => deployBody(client({ timeoutMs: 300, maxRetries: 0 }), group('web-fault-hang'), body())),
        /^PUT .* timed out after 0\.3 seconds.*; the operation may still be running in Azure\.$/,
      );
      // No answer is no refusal: the group may be provisioning, and the deploy says so.
      assert.equal(err.kind, 'lro');
      assert.equal(err.code, 'OperationStatusUnavailable');
    }));

  test('cancel mid-deploy: stops polling at once', () =>
    counter.run('deploy cancel', async () => {
      const c = client();
      const abort = new AbortController();
      let sentAtCancel = 0;
      const err = await failure(() =>
        deployBody(c, group('web-cancel-me'), body(), {
          signal: abort.signal,
          onProgress: () => {
            abort.abort();
            sentAtCancel = emu.requests.length;
          },
        }),
      );
      assertClear(err, /canceled; it may still be running in Azure/);
      assert.equal((err as ArmError).kind, 'canceled');
      assert.equal(emu.requests.length, sentAtCancel, 'no status poll after the cancel');
      await stillWorks(c);
    }));
});

test('no unhandled promise rejection during the fault runs', () => {
  assert.deepEqual(rejections.map(String), []);
});
