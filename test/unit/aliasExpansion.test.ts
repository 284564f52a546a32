// "Billion laughs": a few hundred bytes of nested anchors must not expand to millions of values anywhere a
// definition is read (the CLI, the tree, deploy and the language worker all parse through parseYaml).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readDefinitionText } from '../../src/core/containerGroup/readDefinition';
import { parseYaml } from '../../src/core/definition';
import { MAX_ALIAS_EXPANSION } from '../../src/core/definition/yamlParser';
import { LanguageService } from '../../src/core/languageService/service';
import { validateText } from '../../src/core/validation';
import { CaseCounter } from '../summary/record';

const aliasBombs = new CaseCounter('aliasExpansion', 'unit-alias-expansion');
after(() => aliasBombs.write());

function bomb(levels: number): string {
  const lines = ["apiVersion: '2023-05-01'", 'name: bomb', 'location: westeurope', 'a0: &a0 [x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
  lines.push(`properties: {osType: Linux, containers: [{name: c, properties: {image: nginx, command: *a${levels}, resources: {requests: {cpu: 1, memoryInGB: 1}}}}]}`);
  return lines.join('\n') + '\n';
}

test('nested anchors stop at the expansion limit with one error that says why', () => aliasBombs.run('parse 9^8', () => {
  const text = bomb(8); // 9^8 = 43 million values if expanded
  assert.ok(text.length < 700, `${text.length} bytes`);
  const parsed = parseYaml(text);
  const capped = parsed.diagnostics.filter((d) => d.code === 'ACI112');
  assert.equal(capped.length, 1);
  assert.match(capped[0].message, /expand to more than 100,000 values; the rest is not read/);
  // One note per alias written in the file (9 on each of the 8 lines, 1 in properties), not per copy.
  assert.equal(parsed.diagnostics.filter((d) => d.code === 'ACI103').length, 9 * 8 + 1);
  const findings = validateText(text, 'bomb.aci.yaml').findings;
  assert.equal(findings.filter((f) => f.code === 'ACI112' && f.severity === 'error').length, 1);
}));

/** Each place a definition is read: the CLI's validation, the view's reader and the language worker. */
const READERS: Record<string, (text: string) => string[]> = {
  validation: (text) => validateText(text, 'bomb.aci.yaml').findings.filter((f) => f.code === 'ACI112').map((f) => f.message),
  view: (text) => {
    const read = readDefinitionText(text, 'bomb.aci.yaml');
    return read.ok ? [] : [read.message];
  },
  'language worker': (text) => {
    const service = new LanguageService();
    service.open('file:///bomb.aci.yaml', 1, 'yaml', text);
    const answer = service.diagnostics('file:///bomb.aci.yaml', 1);
    return 'result' in answer ? answer.result.filter((f) => f.code === 'ACI112').map((f) => f.message) : [];
  },
};

for (const levels of [6, 12]) {
  for (const [reader, read] of Object.entries(READERS)) {
    test(`9^${levels} values of nested anchors, read by the ${reader}: one message, the expansion capped`, () =>
      aliasBombs.run(`${reader} 9^${levels}`, () => {
        const messages = read(bomb(levels));
        assert.equal(messages.length, 1, messages.join('\n'));
        assert.match(messages[0], /expand to more than 100,000 values/);
      }));
  }
}

test('ordinary reuse of anchors stays well under the limit', () => {
  const containers = Array.from({ length: 300 }, (_, i) => `    - name: c${i}\n      properties:\n        <<: *common\n        image: nginx`).join('\n');
  const text = `apiVersion: '2023-05-01'\nname: many\nlocation: westeurope\nx-common: &common\n  resources:\n    requests: {cpu: 1, memoryInGB: 1}\n  environmentVariables:\n    - {name: A, value: '1'}\n    - {name: B, value: '2'}\nproperties:\n  osType: Linux\n  containers:\n${containers}\n`;
  const parsed = parseYaml(text);
  assert.deepEqual(parsed.diagnostics.filter((d) => d.code === 'ACI112'), []);
  assert.ok(MAX_ALIAS_EXPANSION >= 100_000);
});
