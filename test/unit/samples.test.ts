// The sandbox's sample definitions are a newcomer's first files: each is checked with no finding at all, so the
// first deploy never starts with "Deploy Anyway".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { readParameterFileValues } from '../../src/core/definition/parameterFiles';
import { validateText } from '../../src/core/validation';

const dir = path.resolve(__dirname, '../../../test/fixtures/sandbox/definitions');

test('every sandbox sample definition has no findings', () => {
  const files = fs.readdirSync(dir).filter((f) => /\.aci\.(ya?ml|json)$/.test(f));
  assert.ok(files.length >= 3, files.join(', '));
  const found = files.flatMap((f) =>
    validateText(fs.readFileSync(path.join(dir, f), 'utf8'), f).findings.map((x) => `${f}: ${x.severity} ${x.code} ${x.message}`),
  );
  assert.deepEqual(found, []);
});

// The sandbox's templates: one a newcomer can deploy as it is (its parameter file beside it; the secure parameter
// is asked for), and one whose every mistake the editor places before a deploy is tried.
const templates = path.resolve(__dirname, '../../../test/fixtures/sandbox/templates');
const withParameters = (name: string) =>
  validateText(fs.readFileSync(path.join(templates, `${name}.json`), 'utf8'), `${name}.json`,
    readParameterFileValues(fs.readFileSync(path.join(templates, `${name}.parameters.json`), 'utf8'), `${name}.parameters.json`)).findings;

test('the sandbox template has no findings with its parameter file', () => {
  assert.deepEqual(withParameters('web-template').map((f) => `${f.severity} ${f.code} ${f.message}`), []);
});

test('the broken sandbox template shows its mistakes: a value from its parameter file, a name and a mount path', () => {
  const errors = withParameters('broken-template').filter((f) => f.severity === 'error').map((f) => f.message);
  assert.ok(errors.some((m) => m.startsWith("Parameter 'port' value 70000 (from broken-template.parameters.json)")), errors.join('\n'));
  assert.ok(errors.some((m) => m.startsWith("Parameter 'containerGroupName' value 'Broken_Template'")), errors.join('\n'));
  assert.ok(errors.some((m) => /mountPath/i.test(m) && m.includes('C:/cache')), errors.join('\n'));
});
