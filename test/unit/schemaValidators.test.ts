// The validators generated at build time (build/compileSchema.mjs) give the same verdicts and errors as ajv
// compiling schemas/container-group.schema.json at run time with the options validation has always used.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { validatorFor } from '../../src/core/validation/validators';

const ROOT = join(__dirname, '../../..');
const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/container-group.schema.json'), 'utf8')) as { $id: string };

function runtimeValidator(definition: string) {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, strictTypes: false, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 });
  ajv.addFormat('double', { type: 'number', validate: (n: number) => Number.isFinite(n) });
  ajv.addVocabulary(['markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions']);
  ajv.addSchema(schema);
  const fn = ajv.getSchema(`${schema.$id}#/definitions/${definition}`);
  assert.ok(fn);
  return fn;
}

/** The fixture request bodies, and each damaged in ways that break types, enums, formats and requirements. */
function samples(): unknown[] {
  const dir = join(ROOT, 'test/fixtures/definitions');
  const bodies = readdirSync(dir)
    .filter((f) => f.startsWith('rest-') && f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { properties: Record<string, unknown> & { containers: { properties: Record<string, unknown> }[] } });
  const damaged = bodies.flatMap((b) => {
    const copies = Array.from({ length: 5 }, () => structuredClone(b));
    copies[0].properties.osType = 'Solaris';
    delete (copies[1].properties as Record<string, unknown>).containers;
    copies[2].properties.containers[0].properties.resources = { requests: { cpu: 'one', memoryInGB: Infinity } };
    copies[3].properties.containers[0].properties.ports = [{ port: 2 ** 40, protocol: 'SCTP' }];
    copies[4].properties.restartPolicy = 42;
    return copies;
  });
  return [...bodies, ...damaged];
}

test('generated and run-time compiled validators agree on every sample', () => {
  const generated = validatorFor('ContainerGroup');
  const runtime = runtimeValidator('ContainerGroup');
  let invalid = 0;
  for (const sample of samples()) {
    const ok = generated(sample);
    assert.equal(ok, runtime(sample));
    assert.deepEqual(generated.errors ?? null, runtime.errors ?? null);
    if (!ok) invalid++;
  }
  assert.ok(invalid >= 20, `${invalid} invalid samples`);
});

test('every definition validation starts from is generated; others are refused by name', () => {
  for (const name of ['Container', 'ContainerGroup', 'ContainerGroupYamlFile', 'ArmContainerGroupResource']) assert.equal(typeof validatorFor(name), 'function');
  assert.throws(() => validatorFor('Volume'), /No compiled validator for Volume/);
});
