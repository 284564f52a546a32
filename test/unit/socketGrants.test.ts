// The exec/attach socket carries the session password, the keystrokes and attach's Authorization header: it goes
// only to the signed-in cloud's Container Instances bridges (or this computer), a grant the socket library would
// throw on is refused where it is read, and one frame cannot grow the extension host without bound.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { WebSocketServer } from 'ws';
import { ArmClient } from '../../src/core/arm/client';
import { ArmError } from '../../src/core/arm/errors';
import { ContainerSocketSession, MAX_FRAME_BYTES, type SessionEnd } from '../../src/core/containerGroup/containerSocket';
import { requestAttach, requestExec } from '../../src/core/containerGroup/execRequest';
import { StaticTokenProvider, json, startFixture } from './armHarness';

const PUBLIC = 'https://management.azure.com';
const noop = () => undefined;

function open(webSocketUri: string, armEndpoint = PUBLIC, password = 'pw', mode: 'exec' | 'attach' = 'exec'): ContainerSocketSession {
  return new ContainerSocketSession({ grant: { webSocketUri, password }, armEndpoint, mode, onOutput: noop, onEnd: noop, connectTimeoutMs: 200 });
}

const refusedAsSecurity = (e: unknown) => e instanceof ArmError && e.kind === 'security' && !e.message.includes('pw') && !e.message.includes('/exec/');

test('a socket host that is not a bridge of the signed-in cloud is refused before connecting', () => {
  for (const host of [
    'attacker.example',
    '203.0.113.5',
    '[2001:db8::1]',
    'bridge-linux-01.eastus.management.azurecontainer.io.evil.example',
    'x.azurecontainer.io.evil.example',
    'bridge-linux-01.eastus.management.azurecontainer.io.',
    // A customer's own container group and VM names under the same zones.
    'mylabel.eastus.azurecontainer.io',
    'myvm.eastus.cloudapp.azure.com',
    // Another cloud's bridge.
    'abc.chinanorth.atlas.chinacloudapp.cn',
  ]) {
    assert.throws(() => open(`wss://${host}/exec/caas-1/bridge-2`), refusedAsSecurity, host);
  }
  assert.throws(() => open('wss://bridge-linux-01.eastus.management.azurecontainer.io/exec/a', 'https://management.chinacloudapi.cn'), refusedAsSecurity);
  assert.throws(() => open('wss://bridge-linux-01.eastus.management.azurecontainer.io/exec/a', 'https://arm.contoso.example'), refusedAsSecurity);
});

test('the bridges on record for the cloud, and this computer, are accepted', () => {
  for (const [uri, endpoint] of [
    ['wss://bridge-linux-xx.westeurope.management.azurecontainer.io/exec/caas-1/bridge-2?rows=12&cols=12', PUBLIC],
    ['wss://sbzjue4qvgzliyl.eastus.atlas.cloudapp.azure.com:19390/execstream/sessionId/x', PUBLIC],
    ['wss://abc.chinanorth.atlas.chinacloudapp.cn:19390/logstream/sessionId/x', 'https://management.chinacloudapi.cn'],
    ['ws://127.0.0.1:9/exec', 'http://127.0.0.1:8'],
    ['ws://127.0.0.1:9/exec', PUBLIC],
  ] as const) {
    const s = open(uri, endpoint);
    s.close();
  }
});

test('a grant with a #fragment or a password holding CR/LF is refused where it is read, not thrown inside the socket', async () => {
  let answer: unknown = {};
  const fixture = await startFixture((_req, _body, res) => json(res, 200, answer));
  try {
    const client = new ArmClient({ endpoint: fixture.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua' });
    const target = { group: { subscriptionId: 's', resourceGroup: 'rg', name: 'cg' }, containerName: 'c' };
    for (const grant of [
      { webSocketUri: 'ws://127.0.0.1:9/exec/x#frag', password: 'p' },
      { webSocketUri: 'ws://127.0.0.1:9/exec/x', password: 'pw\r\nX-Injected: 1' },
      { webSocketUri: 'ws://127.0.0.1:9/exec/x', password: 'pw\n' },
    ]) {
      answer = grant;
      await assert.rejects(requestExec(client, { ...target, command: 'sh', size: { rows: 1, cols: 1 } }), (e: unknown) => e instanceof ArmError && e.kind === 'security');
      await assert.rejects(requestAttach(client, target), (e: unknown) => e instanceof ArmError && e.kind === 'security');
      // Where the session opens, the same grant throws an ArmError at once (the terminal settles on it).
      assert.throws(() => open(grant.webSocketUri, PUBLIC, grant.password, 'attach'), (e: unknown) => e instanceof ArmError && e.kind === 'security');
    }
  } finally {
    await fixture.close();
  }
});

test(`a frame over ${MAX_FRAME_BYTES} bytes ends the session as lost (1009) without being taken in`, async () => {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => server.once('listening', () => r()));
  server.on('connection', (ws) => ws.once('message', () => ws.send(Buffer.alloc(MAX_FRAME_BYTES + 1024, 0x41))));
  try {
    let received = 0;
    const end = await new Promise<SessionEnd>((resolve) => {
      new ContainerSocketSession({
        grant: { webSocketUri: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/exec/x`, password: 'pw' },
        armEndpoint: PUBLIC,
        mode: 'exec',
        onOutput: (t) => (received += t.length),
        onEnd: resolve,
      });
    });
    assert.equal(received, 0);
    assert.deepEqual([end.kind, end.code], ['lost', 1009]);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
