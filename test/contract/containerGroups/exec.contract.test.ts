// Replays the published ContainerExec and ContainerAttach examples through the product's requests
// (requestExec, requestAttach) over a real socket, then checks that the emulator answers with the same shape.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../../src/core/arm/client';
import { requestAttach, requestExec } from '../../../src/core/containerGroup/execRequest';
import type { ContainerGroupRef } from '../../../src/core/services/resourcePaths';
import { startTestEmulator } from '../../emulator/testEmulator';
import { ACI_PATH, armRequest, getToken, minimalGroup } from '../../emulator/testClient';
import { StaticTokenProvider } from '../../unit/armHarness';
import { startReplay, type Fixture } from '../replayServer';
import examples from './exec-attach-examples.json';

test('ContainerExec and ContainerAttach (REST examples): the request as published, the grant read from the reply', async () => {
  const fixture = examples as Fixture & { target: ContainerGroupRef };
  const server = await startReplay(fixture);
  try {
    const client = new ArmClient({ endpoint: server.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'contract', timeoutMs: 5000, maxRetries: 0 });
    const target = { group: fixture.target, containerName: 'container1' };
    assert.deepEqual(await requestExec(client, { ...target, command: '/bin/bash', size: { rows: 12, cols: 12 } }), { webSocketUri: 'wss://web-socket-uri', password: 'password' });
    assert.deepEqual(await requestAttach(client, target), { webSocketUri: 'wss://web-socket-uri', password: 'password' });
    assert.deepEqual(server.mismatches, [], 'every request is the next one of the examples, as published');
    assert.equal(server.served(), fixture.exchanges.length);
  } finally {
    await server.close();
  }
});

test('the emulator answers exec and attach with the examples\' status and keys', async () => {
  const emu = await startTestEmulator({ lroPolls: 0 });
  try {
    const token = await getToken(emu.url);
    const group = ACI_PATH('demo1', 'subid', 'demo').split('?')[0];
    assert.equal((await armRequest(emu.url, token, 'PUT', ACI_PATH('demo1', 'subid', 'demo'), { body: minimalGroup() })).status, 201);
    await armRequest(emu.url, token, 'GET', ACI_PATH('demo1', 'subid', 'demo'));
    for (const [i, exchange] of examples.exchanges.entries()) {
      const action = i === 0 ? 'exec' : 'attach';
      const res = await armRequest(emu.url, token, 'POST', `${group}/containers/app/${action}?api-version=2023-05-01`, i === 0 ? { body: exchange.request.body } : {});
      assert.equal(res.status, exchange.response.status, res.text);
      assert.deepEqual(Object.keys(res.json).sort(), Object.keys(exchange.response.body).sort());
      assert.match(res.json.webSocketUri, /^ws:\/\/127\.0\.0\.1:\d+\//);
    }
  } finally {
    await emu.close();
  }
});
