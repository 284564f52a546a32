/**
 * A secret that would reach the written definition in plain text. Interpolation fills every value, so a
 * secret-named variable used in a command (`--requirepass ${REDIS_PASSWORD}`), a healthcheck
 * (`-p${MYSQL_ROOT_PASSWORD}`) or another variable's value (`postgres://u:${DB_PASSWORD}@db`) would be written as
 * text, often from a `.env` file kept out of the repository: the conversion is blocked there instead, on the line
 * that uses it, without quoting the value. Only under its own secret-looking name (`DB_PASSWD: ${DB_PASSWORD}`)
 * does such a variable become a secure value.
 */
import { toPlainValue } from '../definition/nodeQuery';
import type { PathSegment } from '../definition/types';
import { isSecretName } from './convertService';
import type { ComposeProject } from './loadProject';
import type { Notes } from './notes';

/** `$NAME` and `${NAME…` as written (`$$` is a literal dollar: its name is no reference). */
const REFERENCE = /\$(\$|\{?([A-Za-z_][A-Za-z0-9_]*))/g;

export function checkPlainSecrets(project: ComposeProject, notes: Notes): void {
  for (const file of project.files) {
    if (!file.root) continue;
    const model = toPlainValue(file.root);
    const services = typeof model === 'object' && model !== null && !Array.isArray(model) ? (model as Record<string, unknown>).services : undefined;
    if (typeof services !== 'object' || services === null) continue;
    for (const [service, value] of Object.entries(services)) {
      if (!project.services[service]) continue;
      strings(value, ['services', service], (text, path) => {
        for (const name of secretReferences(text)) {
          if (underOwnName(path, text)) continue;
          notes.add('blocked', 'secureValue', path, `${name} looks like a secret and would be written in plain text here: pass it to the container as an environment variable with a secret-looking name, or as a Compose secret, and use that instead.`, service);
        }
      });
    }
  }
}

function secretReferences(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(REFERENCE)) if (m[2] && isSecretName(m[2])) names.add(m[2]);
  return [...names];
}

/** `environment: {KEY: …}` or `environment: ["KEY=…"]` with a secret-looking KEY: written as a secure value. */
function underOwnName(path: PathSegment[], text: string): boolean {
  const at = path.indexOf('environment');
  if (at !== 2 || path.length !== 4) return false;
  const key = typeof path[3] === 'number' ? text.split('=')[0] : String(path[3]);
  return isSecretName(key);
}

function strings(value: unknown, path: PathSegment[], visit: (text: string, path: PathSegment[]) => void): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, [...path, i], visit));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) strings(v, [...path, k], visit);
}
