// Reading a Compose file as Compose reads it: interpolation (12-interpolation.md), the .env file, several files
// merged (13-merge.md), and bad input placed on its line with nothing converted.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { convertCompose } from '../../src/core/compose/convertCompose';
import { parseEnvFile } from '../../src/core/compose/dotenv';
import { interpolate, InterpolationError } from '../../src/core/compose/interpolate';
import { overrideFileFor } from '../../src/core/compose/composeFiles';
import { toLineCol } from '../../src/core/definition/lineCol';
import { renderDefinition } from '../../src/core/compose/renderDefinition';
import { validateText } from '../../src/core/validation/validateDocument';

const lineOf = (text: string, offset: number) => toLineCol(text, offset).line + 1;
const run = (files: Record<string, string>, env: Record<string, string> = {}, choices = {}) =>
  convertCompose({ files: Object.entries(files).filter(([p]) => p.includes('compose')).map(([path, text]) => ({ path, text })), env, readFile: (p) => files[p] }, choices);

describe('interpolation', () => {
  const env = { SET: 'value', EMPTY: '' };
  const cases: [string, string][] = [
    ['$SET and ${SET}', 'value and value'],
    ['${UNSET:-default} ${EMPTY:-default} ${SET:-default}', 'default default value'],
    ['${UNSET-default} ${EMPTY-default}', 'default '],
    ['${SET:+alt} ${EMPTY:+alt} ${EMPTY+alt}', 'alt  alt'],
    ['${UNSET:-${SET}}', 'value'],
    ['$$SET costs $$5', '$SET costs $5'],
    ['${UNSET}', ''],
  ];
  for (const [text, expected] of cases) it(`${text} → ${JSON.stringify(expected)}`, () => assert.equal(interpolate(text, env), expected));

  it('${VAR?err} and ${VAR:?err} stop with the message written', () => {
    assert.throws(() => interpolate('${UNSET?set UNSET first}', env), (e: Error) => e instanceof InterpolationError && e.message === 'set UNSET first');
    assert.throws(() => interpolate('${EMPTY:?}', env), /EMPTY is required but is not set or is empty/);
    assert.equal(interpolate('${EMPTY?no}', env), '');
  });

  it('an unclosed ${ is an error, not text', () => {
    assert.throws(() => interpolate('${SET', env), InterpolationError);
  });
});

describe('.env and env_file', () => {
  it('reads comments, export, quotes and names without value', () => {
    const { entries } = parseEnvFile('# comment\nexport A=1\nB="two\\nlines" \nC=\'$raw\'\nD=plain # note\nE\n');
    assert.deepEqual(entries.map((e) => [e.name, e.value]), [['A', '1'], ['B', 'two\nlines'], ['C', '$raw'], ['D', 'plain'], ['E', undefined]]);
  });

  it('the environment wins over .env; env_file values are under environment', () => {
    const r = run({
      '/p/compose.yaml': 'services:\n  web:\n    image: nginx:${TAG}\n    env_file: web.env\n    environment:\n      MODE: ${MODE}\n',
      '/p/.env': 'TAG=1.25\nMODE=from-dotenv\n',
      '/p/web.env': 'MODE=from-env-file\nEXTRA=1\n',
    }, { MODE: 'from-shell' });
    const web = (r.definition?.properties as { containers: { properties: { image: string; environmentVariables: unknown[] } }[] }).containers[0].properties;
    assert.equal(web.image, 'nginx:1.25');
    assert.deepEqual(web.environmentVariables, [{ name: 'MODE', value: 'from-shell' }, { name: 'EXTRA', value: '1' }]);
  });
});

describe('several files, as docker compose -f a -f b', () => {
  it('the override merges: scalars replaced, environment by name, ports appended, command replaced', () => {
    const r = run({
      '/p/compose.yaml': 'services:\n  web:\n    image: app:1\n    command: [serve]\n    ports: ["80:80"]\n    environment: [A=1, B=1]\n',
      '/p/compose.override.yaml': 'services:\n  web:\n    image: app:2\n    command: [serve, --debug]\n    ports: ["443:443"]\n    environment:\n      B: 2\n',
    });
    const web = (r.definition?.properties as { containers: { properties: Record<string, unknown> }[] }).containers[0].properties;
    assert.equal(web.image, 'app:2');
    assert.deepEqual(web.command, ['serve', '--debug']);
    assert.deepEqual(web.environmentVariables, [{ name: 'A', value: '1' }, { name: 'B', value: '2' }]);
    assert.deepEqual((web.ports as { port: number }[]).map((p) => p.port), [80, 443]);
  });

  it('compose.override.yaml is the override of compose.yaml and docker-compose.override.yml of docker-compose.yml', () => {
    assert.equal(overrideFileFor('/p/compose.yaml'), '/p/compose.override.yaml');
    assert.equal(overrideFileFor('C:\\p\\docker-compose.yml'), 'C:\\p\\docker-compose.override.yml');
    assert.equal(overrideFileFor('/p/compose.override.yaml'), undefined);
  });

  it('a problem in the override is placed in the override', () => {
    const override = 'services:\n  api:\n    ports:\n      - "80:80"\n';
    const r = run({ '/p/compose.yaml': 'services:\n  web:\n    image: a\n    ports: ["80:80"]\n  api:\n    image: b\n', '/p/compose.override.yaml': override });
    const clash = r.findings.find((f) => f.rule === 'portClash');
    assert.equal(clash?.file, '/p/compose.override.yaml', JSON.stringify(r.findings));
    assert.equal(lineOf(override, clash?.range.start ?? 0), 4);
    assert.equal(r.definition, undefined);
  });
});

describe('bad input: on its line, nothing converted', () => {
  it('an undefined required variable', () => {
    const text = 'services:\n  db:\n    image: postgres\n    environment:\n      POSTGRES_PASSWORD: ${DB_PASSWORD:?set DB_PASSWORD}\n';
    const r = run({ '/p/compose.yaml': text });
    assert.equal(r.definition, undefined);
    const f = r.findings.find((x) => x.rule === 'interpolation');
    assert.equal(f?.message, 'set DB_PASSWORD');
    assert.equal(lineOf(text, f?.range.start ?? 0), 5);
  });

  it('a schema violation, on the property', () => {
    const text = 'services:\n  web:\n    image: nginx\n    restart: sometimes\n    colour: blue\n';
    const r = run({ '/p/compose.yaml': text });
    assert.equal(r.definition, undefined);
    const lines = r.findings.filter((x) => x.rule === 'schema').map((x) => lineOf(text, x.range.start));
    assert.ok(lines.includes(5), `colour is not a Compose property: ${JSON.stringify(r.findings)}`);
  });

  it('invalid YAML', () => {
    const text = 'services:\n  web:\n    image: "nginx\n';
    const r = run({ '/p/compose.yaml': text });
    assert.equal(r.definition, undefined);
    assert.equal(r.findings[0].rule, 'yaml');
  });

  it('aliases that expand without end (a billion laughs) are refused', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(', ')}]`);
    const text = `x-bomb:\n${levels.map((l) => `  ${l}`).join('\n')}\nservices:\n  web:\n    image: nginx\n`;
    const r = run({ '/p/compose.yaml': text });
    assert.equal(r.definition, undefined);
    assert.equal(r.findings[0].rule, 'yaml');
  });

  it('one port used by two services: an error naming both, on the second one', () => {
    const text = 'services:\n  web:\n    image: nginx\n    ports: ["80:80"]\n  admin:\n    image: adminer\n    ports: ["8080:80"]\n';
    const r = run({ '/p/compose.yaml': text });
    assert.equal(r.definition, undefined);
    const f = r.findings.find((x) => x.rule === 'portClash');
    assert.match(f?.message ?? '', /Port 80\/tcp is used by web and admin/);
    assert.equal(lineOf(text, f?.range.start ?? 0), 7);
  });

  it('extends in a loop', () => {
    const r = run({ '/p/compose.yaml': 'services:\n  a:\n    image: x\n    extends: b\n  b:\n    image: y\n    extends: a\n' });
    assert.equal(r.definition, undefined);
    assert.ok(r.findings.some((f) => f.rule === 'extends' && /loop/.test(f.message)));
  });
});

describe('mapping rules', () => {
  it('resources, healthcheck, restart and named volumes as asked', () => {
    const text = [
      'services:',
      '  web:',
      '    image: nginx',
      '    cpus: 0.5',
      '    mem_limit: 1536m',
      '    restart: unless-stopped',
      '    volumes: [data:/data, /cache]',
      '    healthcheck:',
      '      test: curl -f http://localhost',
      '      interval: 1m30s',
      '      start_period: 10s',
      '    privileged: true',
      'volumes:',
      '  data:',
    ].join('\n');
    const r = run({ '/p/compose.yaml': text }, {}, { volumes: { data: 'azureFile' }, storageAccountName: 'mystorage' });
    const props = r.definition?.properties as Record<string, unknown>;
    const web = (props.containers as { properties: Record<string, unknown> }[])[0].properties;
    assert.deepEqual(web.resources, { requests: { cpu: 0.5, memoryInGB: 1.5 } });
    assert.deepEqual(web.livenessProbe, { exec: { command: ['/bin/sh', '-c', 'curl -f http://localhost'] }, periodSeconds: 90, initialDelaySeconds: 10 });
    assert.equal(props.restartPolicy, 'Always');
    assert.deepEqual(props.volumes, [
      { name: 'data-data', azureFile: { shareName: 'data-data', storageAccountName: 'mystorage', storageAccountKey: '{{secret:data-data-storage-key}}' } },
      { name: 'web-data', emptyDir: {} },
    ]);
    assert.ok(r.findings.some((f) => f.kind === 'leftOut' && f.message.startsWith('privileged')));
  });

  it('values YAML 1.1 readers (az container create) would take as booleans, numbers or dates stay text', () => {
    const r = run({ '/p/compose.yaml': 'services:\n  mc:\n    image: itzg/minecraft-server\n    environment:\n      EULA: "TRUE"\n      MODE: "on"\n      OCT: "0777"\n      TIME: "1:30"\n      DAY: "2024-01-01"\n' });
    const text = renderDefinition(r.definition as Record<string, unknown>, 'yaml', []);
    for (const v of ['"TRUE"', '"on"', '"0777"', '"1:30"', '"2024-01-01"']) assert.ok(text.includes(`value: ${v}`), text);
    assert.deepEqual(validateText(text, 'x.aci.yaml').findings, []);
  });
});

describe('what stays out of the written definition', () => {
  const secret = 'hunter2-from-dotenv';
  const converted = (service: string) => run({ '/p/compose.yaml': `services:\n${service}`, '/p/.env': `REDIS_PASSWORD=${secret}\nDB_PASSWORD=${secret}\n` });
  for (const [where, service] of [
    ['a command', '  cache:\n    image: redis\n    command: ["redis-server", "--requirepass", "${REDIS_PASSWORD}"]\n'],
    ['a healthcheck', '  db:\n    image: mysql\n    healthcheck:\n      test: ["CMD", "mysqladmin", "ping", "-p${DB_PASSWORD}"]\n'],
    ['another variable', '  app:\n    image: app\n    environment:\n      DATABASE_URL: postgres://u:${DB_PASSWORD}@db/x\n'],
  ]) {
    it(`a secret-named variable interpolated into ${where} blocks the conversion, without quoting its value`, () => {
      const r = converted(service);
      assert.equal(r.definition, undefined);
      const blocked = r.findings.filter((f) => f.kind === 'blocked');
      assert.ok(blocked.some((f) => f.rule === 'secureValue' && /plain text/.test(f.message)), JSON.stringify(blocked));
      assert.ok(!JSON.stringify(r.findings).includes(secret));
    });
  }

  it('a secret-named variable under its own name is a secure value; a literal elsewhere is left as written', () => {
    const r = run({ '/p/compose.yaml': 'services:\n  gitea:\n    image: gitea/gitea\n    environment:\n      DB_USER: gitea\n      DB_PASSWD: ${DB_PASSWORD}\n', '/p/.env': 'DB_PASSWORD=gitea\n' });
    assert.ok(r.definition, JSON.stringify(r.findings));
    assert.equal(r.secrets[0]?.value, 'gitea');
    assert.match(JSON.stringify(r.definition), /"secureValue":"\{\{secret:gitea-db-passwd\}\}"/);
  });

  it('a malformed .env line is named by its number, never quoted', () => {
    const r = run({ '/p/compose.yaml': 'services:\n  web:\n    image: nginx\n', '/p/.env': 'OK=1\nDB_PASSWORD: s3cr3t-value\n' });
    const finding = r.findings.find((f) => f.rule === 'envFile');
    assert.match(finding?.message ?? '', /line 2/);
    assert.ok(!JSON.stringify(r.findings).includes('s3cr3t'));
  });

  it('a port bound to the loopback address is not opened on the public IP address', () => {
    const r = run({ '/p/compose.yaml': 'services:\n  db:\n    image: postgres\n    ports: ["127.0.0.1:5432:5432"]\n  web:\n    image: nginx\n    ports: ["8080:80"]\n' });
    const props = r.definition?.properties as { ipAddress?: { ports: { port: number }[] }; containers: { properties: { ports?: { port: number }[] } }[] };
    assert.deepEqual(props.ipAddress?.ports.map((p) => p.port), [80]);
    assert.deepEqual(props.containers[0].properties.ports?.map((p) => p.port), [5432]);
  });

  it('defaults nested past the limit are an error on the line, not a crash', () => {
    const deep = `${'${A:-'.repeat(5000)}x${'}'.repeat(5000)}`;
    assert.throws(() => interpolate(deep, {}), InterpolationError);
    const r = run({ '/p/compose.yaml': `services:\n  web:\n    image: "${deep}"\n` });
    assert.equal(r.definition, undefined);
    assert.ok(r.findings.some((f) => f.rule === 'interpolation'));
  });
});
