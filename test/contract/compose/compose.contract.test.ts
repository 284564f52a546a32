// Real Compose files (docker/awesome-compose at the commit in sources.json) and one written from the Compose
// specification's own syntax: those ACI can host convert to definitions the validator finds nothing in, as YAML
// and as an ARM template; those it cannot host name what blocks them, on the line that says it.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { convertCompose } from '../../../src/core/compose/convertCompose';
import { renderDefinition } from '../../../src/core/compose/renderDefinition';
import { toLineCol } from '../../../src/core/definition/lineCol';
import { validateText } from '../../../src/core/validation/validateDocument';

const DIR = join(__dirname, '../../../../test/contract/compose');
const read = (path: string): string | undefined => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
const convert = (name: string, choices = { rewriteHostnames: true }) => {
  const path = join(DIR, name, 'compose.yaml');
  return { path, text: read(path) as string, result: convertCompose({ files: [{ path, text: read(path) as string }], env: {}, readFile: read }, choices) };
};

const HOSTABLE = ['awesome-compose/wordpress-mysql', 'awesome-compose/gitea-postgres', 'awesome-compose/nextcloud-redis-mariadb', 'awesome-compose/postgresql-pgadmin', 'compose-spec/illustrative-example', 'own/secrets-and-jobs'];

describe('Compose files ACI can host', () => {
  for (const name of HOSTABLE) {
    it(`${name} converts to a definition with no finding, as YAML and as an ARM template`, () => {
      const { result } = convert(name);
      assert.deepEqual(result.findings.filter((f) => f.kind === 'blocked'), []);
      assert.ok(result.definition);
      for (const [format, file] of [['yaml', 'x.aci.yaml'], ['arm', 'x.aci.json']] as const) {
        const text = renderDefinition(result.definition, format, ['converted']);
        assert.deepEqual(validateText(text, file).findings.map((f) => `${f.code} ${f.message}`), [], `${format}:\n${text}`);
      }
      // Each value offered as a secret is a reference in the definition, never the value itself.
      const containers = [...((result.definition.properties as Record<string, unknown[]>).containers ?? []), ...((result.definition.properties as Record<string, unknown[]>).initContainers ?? [])];
      const vars = containers.flatMap((c) => ((c as { properties: { environmentVariables?: Record<string, string>[] } }).properties.environmentVariables ?? []));
      for (const s of result.secrets.filter((o) => o.where.includes(': ') && !o.where.includes('/run/secrets'))) {
        const variable = vars.find((v) => v.secureValue === `{{secret:${s.name}}}`);
        assert.ok(variable && variable.value === undefined, `${s.where} is the reference {{secret:${s.name}}}`);
      }
    });
  }

  it('wordpress-mysql: the database host is localhost, the passwords are stored secrets, port 80 is public', () => {
    const { result } = convert('awesome-compose/wordpress-mysql');
    const text = renderDefinition(result.definition as Record<string, unknown>, 'yaml', []);
    assert.match(text, /name: WORDPRESS_DB_HOST\n\s+value: localhost/);
    assert.match(text, /name: WORDPRESS_DB_PASSWORD\n\s+secureValue: "\{\{secret:wordpress-wordpress-db-password\}\}"/);
    assert.deepEqual(result.secrets.map((s) => [s.name, s.value]), [
      ['db-mysql-root-password', 'somewordpress'],
      ['db-mysql-password', 'wordpress'],
      ['wordpress-wordpress-db-password', 'wordpress'],
    ]);
    assert.doesNotMatch(text, /somewordpress/);
    assert.deepEqual((result.definition?.properties as { ipAddress: unknown }).ipAddress, { type: 'Public', ports: [{ port: 80, protocol: 'TCP' }] });
    // The database name `wordpress` is the name of a service too, but no host: left as it is.
    assert.match(text, /name: MYSQL_DATABASE\n\s+value: wordpress/);
  });

  it('postgresql-pgadmin: values come from the .env file beside it, and 5050:80 is published as 80 with the reason', () => {
    const { result, text } = convert('awesome-compose/postgresql-pgadmin');
    const out = renderDefinition(result.definition as Record<string, unknown>, 'yaml', []);
    assert.match(out, /name: POSTGRES_USER\n\s+value: yourUser/);
    assert.deepEqual(result.secrets.find((s) => s.name === 'postgres-postgres-password')?.value, 'changeit');
    const port = result.findings.find((f) => f.rule === 'ports');
    assert.match(port?.message ?? '', /5050:80 is published as 80/);
    assert.equal(toLineCol(text, port?.range.start ?? 0).line + 1, 20);
  });

  it('without consent, a service named as a host is flagged, not rewritten', () => {
    const { result } = convert('awesome-compose/gitea-postgres', { rewriteHostnames: false });
    assert.deepEqual(result.questions.hostnames, ['db']);
    const flagged = result.findings.find((f) => f.rule === 'hostnames');
    assert.equal(flagged?.kind, 'leftOut');
    assert.match(renderDefinition(result.definition as Record<string, unknown>, 'yaml', []), /name: DB_HOST\n\s+value: db:5432/);
  });

  it('secrets-and-jobs: a one-shot job is an init container, a Compose secret a secret volume, extends and profiles resolved', () => {
    const { result } = convert('own/secrets-and-jobs');
    const props = result.definition?.properties as Record<string, unknown[]>;
    assert.deepEqual((props.initContainers as { name: string }[]).map((c) => c.name), ['migrate']);
    assert.deepEqual((props.containers as { name: string }[]).map((c) => c.name), ['app', 'db']);
    assert.deepEqual(props.volumes.find((v) => (v as { name: string }).name === 'app-secrets'), { name: 'app-secrets', secret: { api_key: '{{secret:secret-api-key}}' } });
    const db = (props.containers as { name: string; properties: { image: string; ports: unknown } }[]).find((c) => c.name === 'db');
    assert.equal(db?.properties.image, 'postgres:16', 'from base.yaml through extends');
    assert.ok(result.findings.some((f) => f.rule === 'profiles' && f.message.includes('adminer')));
    assert.equal(props.restartPolicy, 'OnFailure', 'from the merge key of the anchored block');
  });
});

describe('Compose files ACI cannot host', () => {
  const cases: [string, string, number][] = [
    ['awesome-compose/flask-redis', 'build', 7],
    ['awesome-compose/flask-redis', 'bindMount', 16],
    ['awesome-compose/prometheus-grafana', 'bindMount', 11],
    ['awesome-compose/minecraft', 'bindMount', 13],
  ];
  for (const [name, rule, line] of cases) {
    it(`${name}: ${rule} blocks it, on line ${line}, and nothing is converted`, () => {
      const { result, text } = convert(name);
      assert.equal(result.definition, undefined);
      const found = result.findings.filter((f) => f.kind === 'blocked' && f.rule === rule);
      assert.ok(found.length, JSON.stringify(result.findings));
      assert.ok(found.some((f) => toLineCol(text, f.range.start).line + 1 === line), found.map((f) => toLineCol(text, f.range.start).line + 1).join(','));
      assert.match(found[0].message, rule === 'build' ? /push the image/ : /Azure Files/);
    });
  }
});
