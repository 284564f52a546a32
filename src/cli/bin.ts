/**
 * The `aci-validate` command. Node 22.1+ keeps the compiled bundle in its compile cache (in the system's temp
 * folder) when it is enabled before the bundle loads: later starts skip most of the parse and compile time.
 */
import * as nodeModule from 'node:module';

(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// Loaded after the cache is on, hence not an import (imports run first).
// eslint-disable-next-line @typescript-eslint/no-require-imports
(require('./aci-validate.js') as typeof import('./aci-validate')).main();
