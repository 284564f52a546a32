// One emulator for a suite of emulator tests: started with quick long-running operations and signed in to before
// the suite's tests, closed after them.
import { after, before } from 'node:test';
import { startEmulator, type Emulator, type EmulatorOptions } from '../server';
import { getToken } from '../test-client';

export interface SuiteEmulator {
  readonly emu: Emulator;
  readonly url: string;
  readonly token: string;
}

export function suiteEmulator(options: EmulatorOptions = { retryAfterSeconds: 0, lroPolls: 1 }): SuiteEmulator {
  const state: { emu?: Emulator; token?: string } = {};
  before(async () => {
    state.emu = await startEmulator(options);
    state.token = await getToken(state.emu.url);
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
