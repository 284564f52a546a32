// The language worker's service: versions, documents above the size limit, and a lost document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LanguageService, MAX_LIVE_BYTES } from '../../src/core/languageService/service';

const SMALL = "apiVersion: '2023-05-01'\nname: web\nproperties:\n  osType: Linux\n  containers: []\n";

test('a file above the limit follows single edits (as the editor sends them) and gets live checks once it shrinks', () => {
  const service = new LanguageService();
  const filler = `# ${'x'.repeat(MAX_LIVE_BYTES)}\n`;
  service.open('u', 1, 'yaml', filler + SMALL);
  const big = service.diagnostics('u', 1);
  assert.ok('result' in big);
  assert.deepEqual(big.result.map((f) => f.code), ['ACI000']);
  // One keystroke, no full text: the answer is for version 2, not stale.
  service.edit('u', 2, [{ rangeOffset: filler.length, rangeLength: 0, text: '#' }]);
  const after = service.diagnostics('u', 2);
  assert.ok('result' in after, JSON.stringify(after));
  // Deleting the filler brings the document under the limit: it is modelled and checked again.
  service.edit('u', 3, [{ rangeOffset: 0, rangeLength: filler.length + 1, text: '' }]);
  const small = service.diagnostics('u', 3);
  assert.ok('result' in small);
  assert.ok(!small.result.some((f) => f.code === 'ACI000'), small.result.map((f) => f.code).join(', '));
});

test('an old version is stale, an unknown document is missing', () => {
  const service = new LanguageService();
  service.open('u', 1, 'yaml', SMALL);
  service.edit('u', 2, [{ rangeOffset: 0, rangeLength: 0, text: '# c\n' }]);
  assert.deepEqual(service.diagnostics('u', 1), { stale: true });
  assert.ok('result' in service.diagnostics('u', 2));
  assert.deepEqual(service.hover('other', 1, 0), { missing: true });
  service.close('u');
  assert.deepEqual(service.complete('u', 2, 0), { missing: true });
});

test('a placeholder naming no stored secret is a warning among the worker\'s findings; a stored or malformed name is not', () => {
  const service = new LanguageService();
  const text = `${SMALL}    - name: app\n      properties:\n        environmentVariables:\n          - name: A\n            secureValue: '{{secret:db-password}}'\n          - name: B\n            secureValue: '{{secret:known}}'\n          - name: C\n            secureValue: '{{secret:bad name}}'\n`.replace('containers: []\n', 'containers:\n');
  service.open('u', 1, 'yaml', text);
  const answer = service.diagnostics('u', 1, ['known']);
  assert.ok('result' in answer);
  const unknown = answer.result.filter((f) => f.code === 'ACI900');
  assert.deepEqual(unknown.map((f) => [f.severity, text.slice(f.range.start, f.range.end)]), [['warning', '{{secret:db-password}}']]);
  assert.match(unknown[0].message, /No secret named "db-password" is stored/);
  // Once the name is stored, the warning goes.
  const stored = service.diagnostics('u', 1, ['known', 'db-password']);
  assert.ok('result' in stored);
  assert.ok(!stored.result.some((f) => f.code === 'ACI900'));
});
