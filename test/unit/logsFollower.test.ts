// The follower's loop with a scripted reader and a recorded sleep: new lines only, backoff on throttling and
// failures with the reason, stop on 404 and on request, and cancellation of a read under way.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { ArmError } from '../../src/core/arm/errors';
import { LogFollower, type FollowState } from '../../src/core/containerGroup/logsFollower';
import type { MergeResult } from '../../src/core/containerGroup/logsMerge';

type Step = string | ArmError | ((signal: AbortSignal) => Promise<string>);

function run(steps: Step[], options: { intervalMs?: number; tail?: number } = {}) {
  const states: FollowState[] = [];
  const batches: MergeResult[] = [];
  const waits: number[] = [];
  const tails: number[] = [];
  let reads = 0;
  const follower: LogFollower = new LogFollower({
    tail: options.tail ?? 3,
    intervalMs: options.intervalMs ?? 2000,
    random: () => 1,
    read: async (tail, signal) => {
      tails.push(tail);
      const step = steps[reads++];
      if (step === undefined) {
        // The script is over: the user stops following while this read is under way.
        const pending = new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(new ArmError('canceled', { kind: 'canceled' }))));
        void follower.stop();
        return pending;
      }
      if (typeof step === 'function') return step(signal);
      if (step instanceof ArmError) throw step;
      return step;
    },
    sleep: async (ms, signal) => {
      waits.push(ms);
      if (signal?.aborted) throw new ArmError('canceled', { kind: 'canceled' });
    },
    onLines: (r) => batches.push(r),
    onState: (s) => states.push(s),
  });
  return { follower, states, batches, waits, tails, reads: () => reads };
}

const lines = (batches: MergeResult[]): string[] => batches.flatMap((b) => b.lines.map((l) => l.message));
const t = (s: number, text: string): string => `2026-11-25T10:00:0${s}.000000000Z ${text}\n`;

describe('LogFollower', () => {
  it('hands on each line once as the window slides, marks a gap, and stops when asked', async () => {
    const r = run([t(1, 'a') + t(2, 'b'), t(1, 'a') + t(2, 'b') + t(3, 'c'), t(2, 'b') + t(3, 'c') + t(4, 'd'), t(7, 'x') + t(8, 'y') + t(9, 'z')]);
    await r.follower.start();
    assert.deepEqual(lines(r.batches), ['a', 'b', 'c', 'd', 'x', 'y', 'z']);
    assert.deepEqual(r.batches.map((b) => b.gap), [false, false, false, true]);
    assert.deepEqual(r.tails, [3, 3, 3, 3, 3]);
    assert.deepEqual(r.waits, [2000, 2000, 2000, 2000]);
    assert.deepEqual(r.states.at(-1), { kind: 'stopped', reason: 'user' });
    assert.equal(r.follower.state.kind, 'stopped');
  });

  it('waits as Retry-After says on throttling, shows why, and goes back to following', async () => {
    const throttled = new ArmError('Too Many Requests (429): The request was throttled. [TooManyRequests]', { kind: 'http', status: 429, code: 'TooManyRequests', retryAfterMs: 7000 });
    const r = run([t(1, 'a'), throttled, t(1, 'a') + t(2, 'b')]);
    await r.follower.start();
    assert.deepEqual(r.states.slice(0, 4), [
      { kind: 'following' },
      { kind: 'retrying', message: throttled.message, retryInMs: 7000 },
      { kind: 'following' },
      { kind: 'stopped', reason: 'user' },
    ]);
    assert.deepEqual(r.waits.slice(0, 3), [2000, 7000, 2000]);
    assert.deepEqual(lines(r.batches), ['a', 'b']);
  });

  it('a throttle of minutes is waited whole, not cut to the backoff cap, so the next read is not sent early', async () => {
    const throttled = new ArmError('Too Many Requests (429) [ResourceRequestsThrottled]', { kind: 'http', status: 429, code: 'ResourceRequestsThrottled', retryAfterMs: 372_000 });
    const r = run([t(1, 'a'), throttled, t(1, 'a') + t(2, 'b')]);
    await r.follower.start();
    assert.deepEqual(r.waits.slice(0, 3), [2000, 372_000, 2000]);
    assert.deepEqual(r.states[1], { kind: 'retrying', message: throttled.message, retryInMs: 372_000 });
  });

  it('backs off exponentially on failures without Retry-After, capped, then resets after a success', async () => {
    const down = (): ArmError => new ArmError('Service Unavailable (503)', { kind: 'http', status: 503 });
    const net = new ArmError('connect ECONNREFUSED', { kind: 'network', code: 'ECONNREFUSED' });
    const r = run([down(), down(), net, down(), down(), down(), 'ok\n']);
    await r.follower.start();
    assert.deepEqual(r.waits, [4000, 8000, 16000, 32000, 60000, 60000, 2000]);
    assert.deepEqual(lines(r.batches), ['ok']);
  });

  it('stops for good when the group or container is gone (404), and reads no more', async () => {
    const gone = new ArmError("Not Found (404): The Resource 'Microsoft.ContainerInstance/containerGroups/web' under resource group 'rg' was not found. [ResourceNotFound]", { kind: 'http', status: 404, code: 'ResourceNotFound' });
    const r = run([t(1, 'a'), gone, t(2, 'never')]);
    await r.follower.start();
    assert.equal(r.reads(), 2);
    assert.deepEqual(r.states.at(-1), { kind: 'stopped', reason: 'gone', message: gone.message });
    assert.deepEqual(lines(r.batches), ['a']);
  });

  it('keeps asking while the log is not available yet, at the usual pace', async () => {
    const notYet = new ArmError("Not Found (404): Log of container 'web' … is not available yet. [ContainerLogNotAvailable]", { kind: 'http', status: 404, code: 'ContainerLogNotAvailable' });
    const r = run([notYet, notYet, t(1, 'up')], { intervalMs: 1500 });
    await r.follower.start();
    assert.deepEqual(r.waits.slice(0, 3), [1500, 1500, 1500]);
    assert.equal(r.states[1].kind, 'retrying');
    assert.deepEqual(lines(r.batches), ['up']);
  });

  it('stops with the reason on an error a retry cannot fix', async () => {
    const denied = new ArmError('Forbidden (403): no access [AuthorizationFailed]', { kind: 'http', status: 403, code: 'AuthorizationFailed' });
    const r = run([denied, 'x\n']);
    await r.follower.start();
    assert.equal(r.reads(), 1);
    assert.deepEqual(r.states.at(-1), { kind: 'stopped', reason: 'error', message: denied.message });
  });

  it('cancels a read under way when stopped, and stop() returns once the loop has ended', async () => {
    let seen: AbortSignal | undefined;
    let begun!: () => void;
    const reading = new Promise<void>((resolve) => (begun = resolve));
    const r = run([
      (signal) => {
        seen = signal;
        begun();
        return new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(new ArmError('GET was canceled.', { kind: 'canceled' }))));
      },
    ]);
    const loop = r.follower.start();
    await reading;
    await r.follower.stop();
    assert.equal(seen?.aborted, true);
    await loop;
    assert.deepEqual(r.states, [{ kind: 'following' }, { kind: 'stopped', reason: 'user' }]);
    assert.deepEqual(r.waits, []);
  });
});
