// One emulator for a suite of emulator tests: started with quick long-running operations and signed in to before
// the suite's tests, closed after them (see ../test-emulator).
export { suiteEmulator, type SuiteEmulator } from '../test-emulator';
