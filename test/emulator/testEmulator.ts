// The one way tests start the emulator: quick long-running operations (no Retry-After wait, one poll) unless a test
// asks otherwise. suiteEmulator() starts one for a node:test suite (before its tests, closed after); a test that
// wants its own calls startTestEmulator() and closes it.
import { after, before } from 'node:test';
import { startEmulator, type Emulator, type EmulatorOptions } from './server';
import { getToken } from './testClient';

export const QUICK_OPERATIONS: EmulatorOptions = { retryAfterSeconds: 0, lroPolls: 1 };

export function startTestEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ ...QUICK_OPERATIONS, ...options });
}

export interface SuiteEmulator {
  readonly emu: Emulator;
  readonly url: string;
  /** A token signed in for before the suite (with `signIn: false`, none: the emulator has seen no request). */
  readonly token: string;
}

export function suiteEmulator(options: EmulatorOptions = {}, { signIn = true }: { signIn?: boolean } = {}): SuiteEmulator {
  const state: { emu?: Emulator; token?: string } = {};
  before(async () => {
    state.emu = await startTestEmulator(options);
    state.token = signIn ? await getToken(state.emu.url) : '';
  });
  after(() => state.emu?.close());
  const started = (): { emu: Emulator; token: string } => {
    if (!state.emu || state.token === undefined) throw new Error('the suite emulator is used before its suite started');
    return { emu: state.emu, token: state.token };
  };
  return {
    get emu() {
      return started().emu;
    },
    get url() {
      return started().emu.url;
    },
    get token() {
      return started().token;
    },
  };
}
