// Values that are secret by another road: a `string` parameter reaching a secureValue through variables of
// variables, a securestring default, the items of an array, the Unicode-normalised forms and the start of a long
// secret, and very short secrets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactText, SECRET_PREFIX } from '../../src/core/arm/redact';
import { secretFieldParameters } from '../../src/core/templateDeploy/parameterDisplay';
import { secretFieldTexts, secretTexts } from '../../src/core/templateDeploy/parameters';

const template = (variables: Record<string, unknown>, secureValue: string) => ({
  parameters: { dbPassword: { type: 'string' }, plain: { type: 'string' } },
  variables,
  resources: [
    {
      type: 'Microsoft.ContainerInstance/containerGroups',
      properties: { containers: [{ name: 'c', properties: { environmentVariables: [{ name: 'PW', secureValue }, { name: 'P', value: "[parameters('plain')]" }] } }] },
    },
  ],
});

test('a string parameter that reaches a secureValue through two (or more) variables is secret', () => {
  const two = template({ pw: "[variables('inner')]", inner: "[parameters('dbPassword')]" }, "[variables('pw')]");
  assert.deepEqual([...secretFieldParameters(two)], ['dbpassword']);
  const chain = template({ a: "[variables('b')]", b: { x: "[variables('C')]" }, c: "[concat('p-', parameters('dbPassword'))]" }, "[variables('a')]");
  assert.deepEqual([...secretFieldParameters(chain)], ['dbpassword']);
  // A cycle ends.
  const cycle = template({ a: "[variables('b')]", b: "[variables('a')]" }, "[variables('a')]");
  assert.deepEqual([...secretFieldParameters(cycle)], []);
});

test('the items of an array value and an object value are each registered', () => {
  assert.deepEqual(secretTexts(['first-secret', 'second-secret']), ['first-secret', 'second-secret']);
  assert.ok(secretTexts({ k: ['deep-secret'] }).includes('deep-secret'));
});

test('the NFC, NFD and compatibility forms of a secret are hidden', () => {
  const secret = 'Pässwörd-ﬁ-Ω1';
  for (const form of ['NFC', 'NFD', 'NFKC', 'NFKD'] as const) {
    assert.equal(redactText(`echo ${secret.normalize(form)} end`, [secret]), 'echo *** end', form);
  }
  // Canonical forms go both ways: a secret registered decomposed is found composed, and the reverse.
  for (const form of ['NFC', 'NFD'] as const) assert.equal(redactText(`echo ${secret.normalize('NFC')} end`, [secret.normalize(form)]), 'echo *** end', form);
});

test(`the first ${SECRET_PREFIX} characters of a longer secret are hidden where a value was cut`, () => {
  const secret = 'S3cr3t-Value-0123456789-abcdef';
  assert.equal(redactText(`value '${secret.slice(0, SECRET_PREFIX)}…' is invalid`, [secret]), "value '***…' is invalid");
  assert.equal(redactText(`${secret.slice(0, 20)}`, [secret]), `***${secret.slice(SECRET_PREFIX, 20)}`);
});

test('a very short secret is hidden as a whole token, in any letter case, never inside a longer word', () => {
  assert.equal(redactText('the value abc was refused', ['abc']), 'the value *** was refused');
  assert.equal(redactText('ABC; (abc) abc.', ['abc']), '***; (***) ***.');
  assert.equal(redactText('abcd cabc abc_1 ab', ['abc']), 'abcd cabc abc_1 ab');
});

test('an array parameter of environment variables registers the secureValue of each item', () => {
  const envs = [
    { name: 'A', value: 'shown' },
    { name: 'B', secureValue: 'item-secret-1' },
    { name: 'C', secureValue: 'xy' },
  ];
  assert.deepEqual(secretFieldTexts(envs), ['item-secret-1', 'xy']);
  assert.deepEqual(secretFieldTexts({ registry: { password: 'reg-pw-123' }, secret: { k: 'v-secret' } }), ['reg-pw-123', '{"k":"v-secret"}', 'v-secret']);
  assert.deepEqual(secretFieldTexts('plain'), []);
  assert.equal(redactText("echoed 'item-secret-1' and xy", secretFieldTexts(envs)), "echoed '***' and ***");
});
