/**
 * Reads the files a conversion needs (the Compose files, `.env`, `env_file`, `extends` files, secret files) under
 * the definition files' rule: a regular file of at most 5 MB, else it counts as absent and the conversion says so.
 */
import { readFileSync, statSync } from 'node:fs';
import { definitionFileRefusal } from '../../core/definition/fileLimits';

export function readBeside(path: string): string | undefined {
  try {
    const stat = statSync(path);
    if (definitionFileRefusal({ isFile: stat.isFile(), size: stat.size })) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
