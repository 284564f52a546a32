/** Replays one Data Share fixture through the product's own ARM client over a real socket on 127.0.0.1. */
import { strict as assert } from 'node:assert';
import { ArmClient } from '../../../src/core/arm/client';
import { startReplay, type Fixture, type ReplayServer } from '../replayServer';

const clientFor = (server: ReplayServer) =>
  new ArmClient({ endpoint: server.url, tokenProvider: { id: 'static', getToken: async () => ({ token: 't', expiresOnTimestamp: Date.now() + 3_600_000 }) }, scope: 's', userAgent: 'contract', maxRetries: 0 });

/** Runs `body` against a replay of a fixture file and checks every exchange was asked for, exactly as recorded. */
export async function replay(file: object, body: (client: ArmClient) => Promise<void>): Promise<void> {
  const fixture = file as Fixture;
  assert.ok(fixture.source.length > 20, 'the fixture says where it comes from');
  const server = await startReplay(fixture);
  try {
    await body(clientFor(server));
    assert.deepEqual(server.mismatches, []);
    assert.equal(server.served(), fixture.exchanges.length, 'every recorded exchange was requested');
  } finally {
    await server.close();
  }
}
