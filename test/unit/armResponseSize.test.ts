// Replies past the client's size cap, from real servers on 127.0.0.1: a body that never ends, a small gzip reply
// that inflates far past the cap, and the exact boundary. The cap counts decoded bytes and closes the connection.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { ArmClient, MAX_RESPONSE_BYTES } from '../../src/core/arm/client';
import { CaseCounter } from '../summary/record';
import { MemoryLogger, StaticTokenProvider, json, rejectsWith, startFixture } from './armHarness';

const sizeCaps = new CaseCounter('sizeCaps', 'unit-arm-response-size');
after(() => sizeCaps.write());

const PATH = '/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg1/providers/Microsoft.ContainerInstance/containerGroups/g';

function client(url: string, maxResponseBytes?: number): ArmClient {
  return new ArmClient({
    endpoint: url,
    tokenProvider: new StaticTokenProvider(),
    scope: `${url}/.default`,
    userAgent: 'aci-data-share-tests',
    logger: new MemoryLogger(),
    timeoutMs: 60_000,
    maxRetries: 2,
    retryBaseDelayMs: 1,
    maxResponseBytes,
  });
}

test('a body that goes on past 32 MB fails with a clear error, and the connection is closed', () => sizeCaps.run('endless body', async () => {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const limit = 100 * 1024 * 1024;
  let written = 0;
  let closedEarly: Promise<boolean> = Promise.resolve(false);
  const server = await startFixture((_req, _body, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    closedEarly = new Promise((resolve) => {
      res.on('close', () => resolve(written < limit));
      const pump = (): void => {
        while (written < limit && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
  });
  try {
    const err = await rejectsWith(client(server.url).request({ method: 'GET', path: PATH, apiVersion: '2023-05-01' }));
    assert.equal(err.kind, 'parse');
    assert.equal(err.status, 200);
    assert.equal(err.message, `ARM answered 200 with a body larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB (after decompression); it was not read.`);
    assert.equal(await closedEarly, true, 'the server was cut off before it sent the whole 100 MB');
    assert.equal(server.hits.length, 1, 'a reply too large is not asked for again');
  } finally {
    await server.close();
  }
}));

test('a small gzip reply that inflates past the cap is refused the same way', () => sizeCaps.run('gzip bomb', async () => {
  // 48 MiB of JSON whitespace around an object: valid JSON, about 48 KB compressed.
  const bomb = gzipSync(Buffer.concat([Buffer.from('{"name":"g"'), Buffer.alloc(48 * 1024 * 1024, 0x20), Buffer.from('}')]), { level: 9 });
  assert.ok(bomb.length < 1024 * 1024, `${bomb.length} bytes on the wire`);
  const server = await startFixture((_req, _body, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-ms-request-id': 'req-bomb' });
    res.end(bomb);
  });
  try {
    const err = await rejectsWith(client(server.url).request({ method: 'GET', path: PATH, apiVersion: '2023-05-01' }));
    assert.equal(err.kind, 'parse');
    assert.equal(err.requestId, 'req-bomb');
    assert.match(err.message, /larger than 32 MB \(after decompression\)/);
  } finally {
    await server.close();
  }
}));

test('the cap counts decoded bytes: a reply of exactly the cap is read, one byte more is not', () => sizeCaps.run('boundary', async () => {
  const body = { name: 'g', padding: 'x'.repeat(2000) };
  const size = Buffer.byteLength(JSON.stringify(body));
  const server = await startFixture((req, _body, res) => {
    if (req.url?.includes('gzip')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify(body)));
    } else json(res, 200, body);
  });
  try {
    const ok = await client(server.url, size).request<{ name: string }>({ method: 'GET', path: PATH, apiVersion: '2023-05-01' });
    assert.equal(ok.body.name, 'g');
    const over = await rejectsWith(client(server.url, size - 1).request({ method: 'GET', path: PATH, apiVersion: '2023-05-01' }));
    assert.equal(over.kind, 'parse');
    // Compressed, the same reply is far below the cap on the wire; decoded, it is still one byte over.
    const gz = await rejectsWith(client(server.url, size - 1).request({ method: 'GET', path: `${PATH}/gzip`, apiVersion: '2023-05-01' }));
    assert.equal(gz.kind, 'parse');
  } finally {
    await server.close();
  }
}));

test('an error reply past the cap is refused too, not retried', () => sizeCaps.run('error body', async () => {
  const server = await startFixture((_req, _body, res) => json(res, 503, { error: { code: 'Busy', message: 'y'.repeat(4096) } }));
  try {
    const err = await rejectsWith(client(server.url, 1024).request({ method: 'GET', path: PATH, apiVersion: '2023-05-01' }));
    assert.equal(err.kind, 'parse');
    assert.equal(err.status, 503);
    assert.equal(server.hits.length, 1);
  } finally {
    await server.close();
  }
}));
