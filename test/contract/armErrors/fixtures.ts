// The recorded Container Instances errors (aci-errors.json) and the sample definition they are replayed against.
import * as fs from 'fs';
import * as path from 'path';

export interface RecordedError {
  id: string;
  source: string;
  status: number;
  statusShown: boolean;
  body: { error: { code?: string; message: string; details?: { code?: string; message: string }[] } };
}

// Compiled to out/test/contract/armErrors: the fixtures stay next to the sources.
const DIR = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'contract', 'armErrors');

export const recordedErrors: RecordedError[] = (JSON.parse(fs.readFileSync(path.join(DIR, 'aci-errors.json'), 'utf8')) as { errors: RecordedError[] }).errors;

export function recorded(id: string): RecordedError {
  const found = recordedErrors.find((e) => e.id === id);
  if (!found) throw new Error(`No recorded error '${id}'`);
  return found;
}

export const SAMPLES = ['web-group.aci.yaml', 'web-group.aci.json'] as const;

export function sample(file: (typeof SAMPLES)[number]): string {
  return fs.readFileSync(path.join(DIR, file), 'utf8');
}
