/**
 * The language worker's heap with one api-version's schema loaded and with every version's, in a process of its own
 * that loads only the product core (as the worker thread does): the 1,000-container file (2023-05-01) open and
 * validated, then a small file at each other version opened and validated too, which loads that version's schema
 * and validators on first use. Run by memoryBench.ts with --expose-gc; prints one JSON line.
 */
import { LanguageService } from '../../src/core/languageService/service';
import { schemaVersions } from '../../src/core/schema/apiVersionList';
import { generateDefinition } from './generateDefinition';

const gc = (globalThis as { gc?: () => void }).gc;

async function heap(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

const small = (version: string): string =>
  `apiVersion: '${version}'\nlocation: westeurope\nproperties:\n  osType: Linux\n  containers:\n    - name: web\n      properties:\n        image: nginx\n        resources:\n          requests: {cpu: 1, memoryInGB: 1}\n`;

async function main(): Promise<void> {
  if (!gc) throw new Error('run with --expose-gc');
  const service = new LanguageService();
  const text = generateDefinition().text;
  service.open('file:///bench/large-group.aci.yaml', 1, 'yaml', text);
  service.diagnostics('file:///bench/large-group.aci.yaml', 1);
  const base = await heap();
  const others = schemaVersions().filter((v) => v.version !== '2023-05-01');
  for (const { version } of others) {
    const uri = `file:///bench/group-${version}.aci.yaml`;
    service.open(uri, 1, 'yaml', small(version));
    service.diagnostics(uri, 1);
  }
  const all = await heap();
  process.stdout.write(JSON.stringify({ base, all, versions: schemaVersions().map((v) => v.version) }) + '\n');
}

void main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
