/**
 * What a user waits on, at a round trip like Azure's: the emulator (its own process) holds every reply for
 * LATENCY_MS, and counts the requests, the most in flight at once and the sequential round trips (latency.ts).
 * Each row compares the time with the floor, sequential round trips × LATENCY_MS, and the sequential round
 * trips with what the data requires (latencyScenarios.ts). Signed in before timing: a token is had once per
 * hour, not per action.
 */
import { benchClient } from './benchClient';
import { startChildEmulator } from './childEmulator';
import { deploy, GROUP_NAMES, scenarios, ARM_CONCURRENCY } from './latencyScenarios';
import { Row, value } from './results';

export const LATENCY_MS = 100;
const SECTION = `Latency (ARM emulator holding each reply ${LATENCY_MS} ms; floor = sequential round trips × ${LATENCY_MS} ms)`;

export async function runLatencyBench(options: { quick?: boolean }): Promise<Row[]> {
  const runs = options.quick ? 1 : 3;
  // The emulator ends each operation at its first status poll: the service's provisioning time is not the client's.
  const emu = await startChildEmulator(['--lro-polls', '0', '--latency-ms', String(LATENCY_MS)]);
  try {
    const { client, tokens, scope } = benchClient(emu.url);
    await tokens.getToken([scope]);
    for (const name of GROUP_NAMES) await deploy(client, name);
    const rows: Row[] = [];
    for (const s of scenarios()) {
      await s.run(client); // warm-up: code paths and the emulator's generated data
      const measured: { ms: number; requests: number; sequential: number; inFlightMax: number }[] = [];
      for (let i = 0; i < runs; i++) {
        await emu.resetStats();
        const started = performance.now();
        await s.run(client);
        const ms = performance.now() - started;
        const { latency } = await emu.stats();
        measured.push({ ms, requests: latency.requests, sequential: latency.sequential, inFlightMax: latency.inFlightMax });
      }
      measured.sort((a, b) => a.ms - b.ms);
      const m = measured[Math.floor(measured.length / 2)];
      const floor = m.sequential * LATENCY_MS;
      const ratio = m.ms / floor;
      const met = ratio <= 1.2 && m.sequential <= s.required;
      rows.push({
        section: SECTION,
        name: s.name,
        ours: value(Math.round(m.ms), 'ms'),
        target: `≤ 1.2× floor, ≤ ${s.required} trips`,
        met,
        note:
          `${m.requests} requests, ${m.sequential} sequential round trips (the data requires ${s.required}: ${s.why}), ` +
          `at most ${m.inFlightMax} in flight; floor ${floor} ms, ${ratio.toFixed(2)}× floor; median of ${runs}`,
      });
    }
    rows.push({
      section: SECTION,
      name: 'concurrency the required trips assume',
      ours: value(ARM_CONCURRENCY, 'requests'),
      note: 'independent reads sent at once at most (ARM meters reads per subscription in a token bucket of 250, refilled at 25/s; Data Share POST listings count as writes: 200, 10/s)',
    });
    return rows;
  } finally {
    await emu.close();
  }
}
