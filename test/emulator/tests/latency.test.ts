import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { sequentialCount } from '../latency';
import { LATENCY_PATH, STATS_PATH } from '../server';
import { SHARE_PATH, armRequest } from '../testClient';
import { suiteEmulator } from './suiteEmulator';

describe('emulator: latency mode', () => {
  const suite = suiteEmulator({ lroPolls: 2, latencyMs: 60 });

  it('holds every reply for the delay, and a listing page for the page delay on top', async () => {
    let started = performance.now();
    const res = await armRequest(suite.url, suite.token, 'POST', SHARE_PATH('ss-one', 'listSourceShareSynchronizationSettings'));
    assert.equal(res.status, 200);
    const plain = performance.now() - started;
    assert.ok(plain >= 59, `held ${plain} ms`);
    suite.emu.latency.set({ pageDelayMs: 50 });
    try {
      started = performance.now();
      await armRequest(suite.url, suite.token, 'POST', SHARE_PATH('ss-one', 'listSourceShareSynchronizationSettings'));
      assert.ok(performance.now() - started >= 109, 'the page delay is added to a page');
      started = performance.now();
      const health = await fetch(`${suite.url}/healthz`);
      assert.equal(health.status, 200);
      const healthMs = performance.now() - started;
      assert.ok(healthMs >= 59, `held ${healthMs} ms`);
      // An upper bound on the clock would fail on a loaded machine: the gate's own decision says "the delay only".
      assert.equal(suite.emu.latency.delayFor('{"status":"ok"}'), 60, 'a reply that is not a page is held for the delay only');
      assert.equal(suite.emu.latency.delayFor('{"value":[]}'), 110);
    } finally {
      suite.emu.latency.set({ pageDelayMs: 0 });
    }
  });

  it('counts requests, the most in flight and the sequential round trips', async () => {
    suite.emu.resetStats();
    const path = SHARE_PATH('ss-one', 'listSynchronizations');
    // Two one after another, then three together: 5 requests, 3 sequential round trips, 3 in flight at most.
    await armRequest(suite.url, suite.token, 'POST', path);
    await armRequest(suite.url, suite.token, 'POST', path);
    await Promise.all([0, 1, 2].map(() => armRequest(suite.url, suite.token, 'POST', path)));
    const stats = (await (await fetch(`${suite.url}${STATS_PATH}`)).json()) as { latency: { requests: number; inFlightMax: number; sequential: number } };
    assert.equal(stats.latency.requests, 5);
    assert.equal(stats.latency.sequential, 3);
    assert.equal(stats.latency.inFlightMax, 3);
  });

  it('sets its delays over HTTP, for an emulator in another process', async () => {
    const res = await fetch(`${suite.url}${LATENCY_PATH}?ms=0&pageMs=0`);
    assert.equal(((await res.json()) as { delayMs: number }).delayMs, 0);
    const started = performance.now();
    await fetch(`${suite.url}/healthz`);
    assert.ok(performance.now() - started < 55);
    await fetch(`${suite.url}${LATENCY_PATH}?ms=60`);
    assert.equal(suite.emu.latency.stats().delayMs, 60);
  });

  it('sequential round trips: the longest chain of requests each sent after the previous reply', () => {
    assert.equal(sequentialCount([]), 0);
    assert.equal(sequentialCount([[0, 10], [10, 20], [20, 30]]), 3);
    assert.equal(sequentialCount([[0, 10], [1, 11], [2, 12]]), 1);
    // Ten reads, at most four at a time: three waves.
    const waves = Array.from({ length: 10 }, (_, i) => [Math.floor(i / 4) * 10 + (i % 4) * 0.1, Math.floor(i / 4) * 10 + 9 + (i % 4) * 0.1] as [number, number]);
    assert.equal(sequentialCount(waves), 3);
  });
});
