/**
 * Extension activation time in the real VS Code. Hook: `measureActivation` is to be filled in by the
 * integration harness (code-server, see test/integration); until then the table shows n/a.
 */
import { notAvailable, Row, value } from './results';

/** Returns activation time in ms, or undefined when it is not measured in this run. */
export type ActivationProbe = () => Promise<number | undefined>;

/** The hook: replace with a probe that starts VS Code on the fixture workspace and reads the activation time. */
export const measureActivation: ActivationProbe = async () => undefined;

export async function runActivationBench(probe: ActivationProbe = measureActivation): Promise<Row[]> {
  const ms = await probe();
  return [
    {
      section: 'Activation (real VS Code)',
      name: 'extension activation',
      ours: ms === undefined ? notAvailable('not measured yet') : value(ms, 'ms'),
      note: ms === undefined ? 'hook test/bench/activationBench.ts measureActivation is not wired yet' : undefined,
    },
  ];
}
