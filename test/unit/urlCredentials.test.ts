// A private gitRepo volume's repository URL carries credentials (`https://user:token@host/…`), and Azure returns
// it with them. The user and password are a secret like any other secret field: import writes a
// `{{secret:NAME}}` there, deploy fills it in, and validation, the outline, the deploy's changes, the CLI and
// the logs never show them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactFindings } from '../../src/cli/redactFindings';
import { DefinitionDocument } from '../../src/core/definition';
import { maskUserinfo, secretSpan, urlCredentials } from '../../src/core/definition/secrets';
import { describeChanges } from '../../src/core/deploy/diff';
import { resolveSecretPlaceholders } from '../../src/core/deploy/resolveSecrets';
import { secretLiteralsInText, secretScalars } from '../../src/core/deploy/secretLiterals';
import { importDefinition } from '../../src/core/import/importDefinition';
import { documentSymbols, type SymbolEntry } from '../../src/core/symbols/documentSymbols';
import { validateText } from '../../src/core/validation';

const TOKEN = 'ghp_Tok3nValue42';
const URL_WITH_TOKEN = `https://deploy:${TOKEN}@github.com/contoso/private-app.git`;

function group(repository: string): Record<string, unknown> {
  return {
    name: 'web',
    location: 'westeurope',
    properties: {
      osType: 'Linux',
      containers: [{ name: 'app', properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1 } }, volumeMounts: [{ name: 'src', mountPath: '/src' }] } }],
      volumes: [{ name: 'src', gitRepo: { repository, directory: '.' } }],
    },
  };
}

test('import writes a placeholder for the credentials of a gitRepo URL, in YAML and JSON', () => {
  for (const format of ['yaml', 'json'] as const) {
    const imported = importDefinition(group(URL_WITH_TOKEN), format);
    assert.ok(!imported.text.includes(TOKEN) && !imported.text.includes('deploy:'), imported.text);
    assert.ok(imported.text.includes('https://{{secret:web.src.repository}}@github.com/contoso/private-app.git'), imported.text);
    assert.deepEqual(imported.secrets, [{ name: 'web.src.repository', field: 'volumes[src].gitRepo.repository', fromUrl: true }]);
  }
  const open = importDefinition(group('https://github.com/Azure-Samples/aci-helloworld.git'), 'json');
  assert.ok(open.text.includes('"https://github.com/Azure-Samples/aci-helloworld.git"'));
  assert.deepEqual(open.secrets, []);
});

test('deploy fills a placeholder in a URL\'s user and password, nowhere else in it, and knows the values as secrets', () => {
  const body = group('https://{{secret:repo-cred}}@github.com/contoso/{{secret:path}}.git');
  const r = resolveSecretPlaceholders(body, (name) => (name === 'repo-cred' ? `deploy:${TOKEN}` : 'x'));
  const volumes = (r.body as { properties: { volumes: { gitRepo: { repository: string } }[] } }).properties.volumes;
  assert.equal(volumes[0].gitRepo.repository, `https://deploy:${TOKEN}@github.com/contoso/{{secret:path}}.git`);
  assert.deepEqual(r.used, [{ name: 'repo-cred', path: 'properties.volumes[0].gitRepo.repository', field: 'volumes[src].gitRepo.repository' }]);
  assert.deepEqual(r.misplaced, [{ name: 'path', path: 'properties.volumes[0].gitRepo.repository' }]);
  assert.ok(r.secretValues.includes(TOKEN) && r.secretValues.includes(`deploy:${TOKEN}`), String(r.secretValues.length));
  // Credentials written in the file are secrets too: deploy and the CLI redact them.
  const literal = resolveSecretPlaceholders(group(URL_WITH_TOKEN), () => undefined);
  assert.ok(literal.secretValues.includes(TOKEN));
});

test('validation accepts a placeholder as a URL\'s user and password and warns elsewhere in the URL', () => {
  const yaml = (repo: string) => `apiVersion: '2023-05-01'\nlocation: westeurope\nname: web\nproperties:\n  osType: Linux\n  containers:\n  - name: app\n    properties:\n      image: nginx\n      resources: {requests: {cpu: 1, memoryInGB: 1}}\n  volumes:\n  - name: src\n    gitRepo: {repository: '${repo}'}\n`;
  const codes = (text: string) => validateText(text, 'g.aci.yaml').findings.filter((f) => /placeholders are only replaced/.test(f.message));
  assert.deepEqual(codes(yaml('https://{{secret:repo-cred}}@github.com/o/r.git')), []);
  assert.equal(codes(yaml('https://github.com/o/{{secret:repo-cred}}.git')).length, 1);
  assert.deepEqual(secretLiteralsInText(yaml(URL_WITH_TOKEN), 'g.aci.yaml').sort(), [`deploy:${TOKEN}`, TOKEN].sort());
});

test('the outline, the deploy\'s changes and the CLI show the URL without its credentials', () => {
  const json = JSON.stringify(group(URL_WITH_TOKEN), null, 2);
  const flat = (s: SymbolEntry[]): SymbolEntry[] => s.flatMap((e) => [e, ...flat(e.children)]);
  const details = flat(documentSymbols(DefinitionDocument.parse(json, 'json'))).map((s) => s.detail ?? '');
  assert.ok(details.includes('https://***@github.com/contoso/private-app.git'), details.join(' | '));
  assert.ok(!details.some((d) => d.includes(TOKEN)));

  const changes = describeChanges(group('https://github.com/contoso/public.git'), group(URL_WITH_TOKEN)).join('\n');
  assert.ok(changes.includes('https://***@github.com/contoso/private-app.git') && !changes.includes(TOKEN), changes);

  const doc = DefinitionDocument.parse(json, 'json');
  const finding = { code: 'X', severity: 'warning' as const, message: `cannot reach ${URL_WITH_TOKEN} (token ${TOKEN})`, range: { start: 0, end: 1 }, path: ['name'] };
  const [shown] = redactFindings([finding], secretScalars(doc.root, json));
  assert.ok(!shown.message.includes(TOKEN), shown.message);
});

test('only the user and password of a URL are its secret part', () => {
  assert.deepEqual(urlCredentials('https://u%40corp:p%3Ass@h/r'), ['u%40corp:p%3Ass', 'p%3Ass', 'u@corp:p:ss', 'p:ss']);
  assert.deepEqual(urlCredentials('https://TOKEN@h/r'), ['TOKEN']);
  assert.deepEqual(urlCredentials('https://h/r@x'), []);
  assert.equal(maskUserinfo('https://a:b@h/p?q=1'), 'https://***@h/p?q=1');
  const path = ['properties', 'volumes', 0, 'gitRepo', 'repository'];
  assert.deepEqual(secretSpan(path, 'https://a:b@h/p'), { start: 8, end: 11 });
  assert.equal(secretSpan(['properties', 'volumes', 0, 'gitRepo', 'directory'], 'https://a:b@h/p'), undefined);
  assert.equal(secretSpan(['resources', 0, ...path], 'https://a:b@h/p')?.end, 11, 'inside a template too');
});
