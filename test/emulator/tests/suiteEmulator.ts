// One emulator for a suite of emulator tests: started with quick long-running operations and signed in to before
// the suite's tests, closed after them (see ../testEmulator).
export { suiteEmulator, type SuiteEmulator } from '../testEmulator';
