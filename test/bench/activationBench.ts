/**
 * Extension activation in the real VS Code (code-server): activate() plus the build of the tree's first
 * roots, as the extension measures them itself, on the fixture workspace against the ARM emulator.
 */
import * as path from 'path';
import { notAvailable, Row, value } from './results';
import { startEmulator } from '../emulator/server';
import { extensionPayload, openWorkbench, startCodeServer } from '../integration/codeServer';
import { ensureInstalled, REPO_ROOT } from '../integration/install';
import { emulatorEnv, emulatorSettings, prepareWorkspace } from '../integration/workspace';

const PROBE = path.join(REPO_ROOT, 'out', 'test', 'integration', 'probe', 'activation.js');
const LINE = /\[probe\] activation activateMs=([\d.]+) firstRenderMs=([\d.]+|n\/a)(?: loadMs=([\d.]+|n\/a) loadToActivatedMs=([\d.]+|n\/a))?/;

export interface ActivationSample {
  activateMs: number;
  firstRenderMs?: number;
  /** The extension host's marks: loading the extension's code, and from its start until activate() returned. */
  loadMs?: number;
  loadToActivatedMs?: number;
}

const figure = (text: string | undefined) => (text === undefined || text === 'n/a' ? undefined : Number(text));

/** One cold start of VS Code with the extension; resolves with the probe's figures. */
async function sampleOnce(): Promise<ActivationSample> {
  const emulator = await startEmulator({});
  const workspace = prepareWorkspace('workspace', emulatorSettings(emulator.url));
  const server = await startCodeServer({ env: emulatorEnv(emulator.url) });
  let workbench: Awaited<ReturnType<typeof openWorkbench>> | undefined;
  try {
    return await new Promise<ActivationSample>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no probe result within 90 s')), 90_000);
      let sample: ActivationSample | undefined;
      openWorkbench(server, server.workbenchUrl(workspace.dir, extensionPayload(server, PROBE)), {
        onLog: (_type, text) => {
          const m = LINE.exec(text);
          if (m) sample = { activateMs: Number(m[1]), firstRenderMs: figure(m[2]), loadMs: figure(m[3]), loadToActivatedMs: figure(m[4]) };
        },
        onExit: () => {
          clearTimeout(timer);
          if (sample) resolve(sample);
          else reject(new Error('the probe printed no result'));
        },
      }).then((w) => (workbench = w), reject);
    });
  } finally {
    await workbench?.close().catch(() => undefined);
    await server.stop();
    workspace.remove();
    await emulator.close();
  }
}

export type ActivationProbe = () => Promise<ActivationSample[] | undefined>;

export const measureActivation: ActivationProbe = async () => {
  await ensureInstalled();
  const samples: ActivationSample[] = [];
  for (let i = 0; i < 3; i++) samples.push(await sampleOnce());
  return samples;
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function runActivationBench(probe: ActivationProbe = measureActivation): Promise<Row[]> {
  const samples = await probe();
  if (!samples?.length) {
    return [{ section: 'Activation (real VS Code)', name: 'extension activation', ours: notAvailable('not measured') }];
  }
  const activate = median(samples.map((s) => s.activateMs));
  const renders = samples.map((s) => s.firstRenderMs).filter((v): v is number => v !== undefined);
  const render = renders.length ? median(renders) : undefined;
  const total = activate + (render ?? 0);
  const host = (pick: (s: ActivationSample) => number | undefined) => {
    const values = samples.map(pick).filter((v): v is number => v !== undefined);
    return values.length ? value(median(values), 'ms') : notAvailable('no host marks');
  };
  return [
    { section: 'Activation (real VS Code)', name: 'loading the extension\'s code (import of dist/extension.mjs)', ours: host((s) => s.loadMs) },
    { section: 'Activation (real VS Code)', name: 'loading the code until activate() returned', ours: host((s) => s.loadToActivatedMs) },
    { section: 'Activation (real VS Code)', name: `activate() (median of ${samples.length} cold starts)`, ours: value(activate, 'ms') },
    { section: 'Activation (real VS Code)', name: 'tree first render (roots built)', ours: render === undefined ? notAvailable('no render') : value(render, 'ms') },
    { section: 'Activation (real VS Code)', name: 'activate() start → tree first render', ours: value(total, 'ms'), target: '< 30 ms', met: total < 30 },
  ];
}
