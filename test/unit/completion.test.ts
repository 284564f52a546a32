import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { complete, CompletionEntry } from '../../src/core/completion/complete';
import { DefinitionDocument, DefinitionFormat, nodeAtPath, toPlainValue } from '../../src/core/definition';
import { API_VERSION, groupYaml } from '../definitionTexts';

/** Parses `text` with the cursor written as `|` and completes there. */
function at(text: string, format: DefinitionFormat = 'yaml', secretNames?: string[]): { src: string; offset: number; entries: CompletionEntry[] } {
  const offset = text.indexOf('|');
  assert.ok(offset >= 0, 'test text needs a | cursor');
  const src = text.slice(0, offset) + text.slice(offset + 1);
  return { src, offset, entries: complete(DefinitionDocument.parse(src, format), offset, { secretNames }) };
}

const labels = (entries: CompletionEntry[]): string[] => entries.map((e) => e.label);
const find = (entries: CompletionEntry[], label: string): CompletionEntry => {
  const e = entries.find((x) => x.label === label);
  assert.ok(e, `no entry ${label} among ${labels(entries).join(', ')}`);
  return e;
};

/** The snippet's plain text: every placeholder replaced by its default (first choice), escapes removed. */
function plain(snippet: string): string {
  let i = 0;
  const read = (stop: string): string => {
    let s = '';
    while (i < snippet.length && !stop.includes(snippet[i])) {
      if (snippet[i] === '\\' && i + 1 < snippet.length) {
        s += snippet[i + 1];
        i += 2;
      } else if (snippet[i] === '$') {
        s += placeholder();
      } else s += snippet[i++];
    }
    return s;
  };
  const placeholder = (): string => {
    i++;
    if (/\d/.test(snippet[i])) {
      while (/\d/.test(snippet[i])) i++;
      return '';
    }
    assert.equal(snippet[i], '{', 'bad snippet syntax');
    i++;
    while (/\d/.test(snippet[i])) i++;
    if (snippet[i] === '}') {
      i++;
      return '';
    }
    if (snippet[i] === ':') {
      i++;
      const value = read('}');
      i++;
      return value;
    }
    assert.equal(snippet[i], '|', 'bad snippet syntax');
    i++;
    const first = read(',|');
    while (snippet[i] !== '|') {
      i++;
      read(',|');
    }
    i += 2;
    return first;
  };
  return read('');
}

function apply(src: string, e: CompletionEntry): string {
  return src.slice(0, e.range.start) + (e.isSnippet ? plain(e.insertText) : e.insertText) + src.slice(e.range.end);
}

function syntaxErrors(text: string, format: DefinitionFormat): string[] {
  return DefinitionDocument.parse(text, format)
    .parseDiagnostics.filter((d) => d.severity === 'error')
    .map((d) => d.message);
}

const CONTAINER_YAML = groupYaml({ top: { apiVersion: API_VERSION, name: 'demo' } });

describe('completion in YAML', () => {
  it('completes a plain scalar that becomes a key, replacing the typed word', () => {
    const { offset, entries } = at(CONTAINER_YAML.replace('      image: nginx\n', '      ima|\n'));
    const e = find(entries, 'image');
    assert.equal(e.range.start, offset - 3);
    assert.equal(e.range.end, offset);
    assert.match(e.insertText, /^image: /);
    assert.ok(labels(entries).includes('resources'));
    assert.ok(!labels(entries).includes('osType'), 'keys of the group properties do not belong here');
  });

  it('does not offer keys already present (any letter case) nor read-only ones', () => {
    const { entries } = at(CONTAINER_YAML.replace('  osType: Linux\n', '  OSTYPE: Linux\n  |\n'));
    assert.ok(!labels(entries).includes('osType'));
    assert.ok(!labels(entries).includes('containers'));
    assert.ok(!labels(entries).includes('provisioningState'));
    assert.ok(!labels(entries).includes('instanceView'));
    assert.ok(labels(entries).includes('restartPolicy'));
  });

  it('offers the top-level keys of the az container create file', () => {
    const { entries } = at('|');
    for (const k of ['apiVersion', 'name', 'location', 'tags', 'identity', 'properties']) assert.ok(labels(entries).includes(k), k);
    assert.ok(!labels(entries).includes('id'));
    assert.equal(find(entries, 'properties').sortText?.[0], '0', 'required keys sort first');
  });

  it('offers enum values with their descriptions on an empty value', () => {
    const { offset, entries } = at(CONTAINER_YAML.replace('osType: Linux', 'osType: |'));
    assert.deepEqual(labels(entries), ['Windows', 'Linux']);
    assert.match(find(entries, 'Linux').documentation ?? '', /Linux containers/);
    assert.deepEqual(find(entries, 'Linux').range, { start: offset, end: offset });
  });

  it('replaces a partly typed value and keeps the quote the user opened', () => {
    const { offset, entries } = at(CONTAINER_YAML.replace('osType: Linux', "osType: 'Li|"));
    const e = find(entries, 'Linux');
    assert.equal(e.insertText, "'Linux'");
    assert.equal(e.range.start, offset - 3);
  });

  it('offers true and false for booleans', () => {
    const { entries } = at(CONTAINER_YAML + '      volumeMounts:\n      - name: v\n        readOnly: |\n');
    assert.deepEqual(labels(entries), ['true', 'false']);
  });

  it('offers the members of a new array item and the container snippet after `- `', () => {
    const { src, entries } = at(CONTAINER_YAML + '  - |\n');
    assert.ok(labels(entries).includes('name'));
    const container = find(entries, 'Container');
    assert.equal(container.kind, 'snippet');
    const doc = DefinitionDocument.parse(apply(src, container), 'yaml');
    assert.deepEqual(syntaxErrors(doc.text, 'yaml'), []);
    const added = toPlainValue(nodeAtPath(doc.root, ['properties', 'containers', 1])) as { name: string; properties: { image: string } };
    assert.notEqual(added.name, 'web', 'the new container gets an unused name');
    assert.match(added.properties.image, /^mcr\.microsoft\.com\//);
  });

  it('offers a volume of each kind in volumes', () => {
    const { entries } = at(CONTAINER_YAML + '  volumes:\n  - |\n');
    for (const k of ['emptyDir volume', 'azureFile volume', 'secret volume', 'gitRepo volume']) assert.ok(labels(entries).includes(k), k);
    assert.ok(!labels(entries).includes('Container'));
  });

  it('inserts only the name when the key being edited already has a value', () => {
    const { entries } = at(CONTAINER_YAML.replace('osType: Linux', 'osTy|pe: Linux'));
    const e = find(entries, 'osType');
    assert.equal(e.insertText, 'osType');
    assert.equal(e.isSnippet, false);
  });

  it('offers nothing in a comment', () => {
    assert.deepEqual(at(CONTAINER_YAML.replace('osType: Linux', 'osType: Linux # Li|')).entries, []);
  });

  it('offers the ARM template resource members (path offset by resources[i])', () => {
    const yaml = 'resources:\n- type: Microsoft.ContainerInstance/containerGroups\n  apiVersion: "2023-05-01"\n  name: g\n  properties:\n    |\n';
    const { entries } = at(yaml);
    assert.ok(labels(entries).includes('osType'));
    assert.ok(labels(entries).includes('containers'));
  });
});

describe('completion references', () => {
  const base = `properties:
  volumes:
  - name: cache
    emptyDir: {}
  - name: files
    azureFile: {shareName: s, storageAccountName: a}
  containers:
  - name: web
    properties:
      image: x
      ports:
      - port: 8080
      - port: 443
  - name: side
    properties:
      image: y
      ports:
      - port: 8080
`;
  it('offers declared volume names in volumeMounts[].name', () => {
    const { entries } = at(base + '      volumeMounts:\n      - name: |\n');
    assert.deepEqual(labels(entries), ['cache', 'files']);
    assert.ok(entries.every((e) => e.kind === 'reference'));
    assert.match(find(entries, 'files').detail ?? '', /azureFile/);
  });

  it('offers container ports (once each) in ipAddress.ports[].port', () => {
    const { entries } = at(base + '  ipAddress:\n    type: Public\n    ports:\n    - port: |\n');
    assert.deepEqual(labels(entries), ['8080', '443']);
  });

  it('offers declared identities in encryptionProperties.identity', () => {
    const id = '/subscriptions/s/resourceGroups/r/providers/Microsoft.ManagedIdentity/userAssignedIdentities/kv';
    const yaml = `identity:\n  type: UserAssigned\n  userAssignedIdentities:\n    '${id}': {}\n${base}  encryptionProperties:\n    identity: |\n`;
    const { entries } = at(yaml);
    assert.deepEqual(labels(entries), [id]);
  });

  it('offers secret placeholders in secret fields only', () => {
    const env = base.replace('      image: x\n', '      image: x\n      environmentVariables:\n      - name: DB\n        secureValue: |\n');
    const { entries } = at(env, 'yaml', ['db-password', 'api-key']);
    assert.deepEqual(labels(entries), ['{{secret:db-password}}', '{{secret:api-key}}']);
    assert.equal(find(entries, '{{secret:api-key}}').insertText, "'{{secret:api-key}}'");
    const plainValue = base.replace('      image: x\n', '      image: x\n      environmentVariables:\n      - name: DB\n        value: |\n');
    assert.deepEqual(at(plainValue, 'yaml', ['db-password']).entries, []);
  });

  it('offers secret placeholders in secret volume files and extension protectedSettings, not in settings', () => {
    const vol = at('properties:\n  volumes:\n  - name: s\n    secret:\n      app.conf: |\n', 'yaml', ['cfg']);
    assert.deepEqual(labels(vol.entries), ['{{secret:cfg}}']);
    const ext = at('{"properties": {"extensions": [{"name": "e", "properties": {"protectedSettings": {"token": "|"}}}]}}', 'json', ['tok']);
    assert.deepEqual(labels(ext.entries), ['{{secret:tok}}']);
    const settings = at('{"properties": {"extensions": [{"name": "e", "properties": {"settings": {"token": "|"}}}]}}', 'json', ['tok']);
    assert.ok(!labels(settings.entries).includes('{{secret:tok}}'));
  });

  it('offers secret placeholders in JSON password fields', () => {
    const { entries } = at('{"properties": {"imageRegistryCredentials": [{"server": "r.azurecr.io", "password": "|"}]}}', 'json', ['reg']);
    assert.equal(find(entries, '{{secret:reg}}').insertText, '"{{secret:reg}}"');
  });
});

describe('completion in JSON', () => {
  it('completes a key in an unclosed document, replacing the typed quote and word', () => {
    const { entries } = at('{"properties": {"os|', 'json');
    const e = find(entries, 'osType');
    assert.deepEqual(e.range, { start: 16, end: 19 });
    assert.equal(e.filterText, '"osType"');
    assert.match(e.insertText, /^"osType": "\$\{1\|Linux,Windows\|\}"$/);
  });

  it('completes enum values inside a string value', () => {
    const { entries } = at('{"properties": {"osType": "Li|"}}', 'json');
    const e = find(entries, 'Linux');
    assert.equal(e.insertText, '"Linux"');
    assert.deepEqual(e.range, { start: 26, end: 30 });
  });

  it('completes a missing value after the colon', () => {
    const { entries } = at('{"properties": {"restartPolicy": |', 'json');
    assert.deepEqual(labels(entries), ['Always', 'OnFailure', 'Never']);
  });

  it('adds a comma when another member follows', () => {
    const { src, entries } = at('{\n  "properties": {\n    |\n    "osType": "Linux"\n  }\n}', 'json');
    const e = find(entries, 'restartPolicy');
    assert.ok(e.insertText.endsWith(','));
    assert.deepEqual(syntaxErrors(apply(src, e), 'json'), []);
  });

  it('offers the ARM body keys without the read-only ones', () => {
    const { entries } = at('{\n  |\n}', 'json');
    assert.ok(labels(entries).includes('location'));
    assert.ok(labels(entries).includes('properties'));
    assert.ok(!labels(entries).includes('name'), 'the ARM body name is read-only (it comes from the URL)');
    assert.ok(!labels(entries).includes('apiVersion'));
  });

  it('offers item snippets inside an array', () => {
    const { src, entries } = at('{\n  "properties": {\n    "containers": [\n      |\n    ]\n  }\n}', 'json');
    const e = find(entries, 'Container');
    const text = apply(src, e);
    assert.deepEqual(syntaxErrors(text, 'json'), []);
    assert.ok(nodeAtPath(DefinitionDocument.parse(text, 'json').root, ['properties', 'containers', 0, 'properties', 'resources']));
  });

  it('completes in an ARM template resource and not in other resources', () => {
    const tpl = (type: string) => `{"resources": [{"type": "${type}", "apiVersion": "2023-05-01", "name": "g", "properties": {"|"}}]}`;
    assert.ok(labels(at(tpl('Microsoft.ContainerInstance/containerGroups'), 'json').entries).includes('osType'));
    assert.deepEqual(at(tpl('Microsoft.Storage/storageAccounts'), 'json').entries, []);
  });

  it('offers booleans unquoted', () => {
    const { entries } = at('{"properties": {"volumes": [{"name": "v", "azureFile": {"readOnly": |}}]}}', 'json');
    assert.equal(find(entries, 'true').insertText, 'true');
  });
});

describe('completion snippets are valid in their format', () => {
  const cases: [string, DefinitionFormat][] = [
    ['properties:\n  |\n', 'yaml'],
    [CONTAINER_YAML.replace('      image: nginx\n', '      image: nginx\n      |\n'), 'yaml'],
    [CONTAINER_YAML + '  - |\n', 'yaml'],
    [CONTAINER_YAML + '  volumes:\n  - |\n', 'yaml'],
    [CONTAINER_YAML + '      environmentVariables:\n        - |\n', 'yaml'],
    ['|', 'yaml'],
    ['{\n  "properties": {\n    |\n  }\n}', 'json'],
    ['{\n  "properties": {\n    |\n    "osType": "Linux"\n  }\n}', 'json'],
    ['{\n\t"properties": {\n\t\t"containers": [\n\t\t\t{"name": "a", "properties": {|}}\n\t\t]\n\t}\n}', 'json'],
    ['{\n  "properties": {\n    "volumes": [\n      |\n    ]\n  }\n}', 'json'],
    ['{\n  "properties": {\n    "containers": [\n      {"name": "a"},\n      |\n    ]\n  }\n}', 'json'],
    ['{\n  "properties": {\n    "ipAddress": |\n  }\n}', 'json'],
  ];
  for (const [text, format] of cases) {
    it(`${format}: ${JSON.stringify(text).slice(0, 70)}`, () => {
      const { src, entries } = at(text, format, ['s1']);
      const snippets = entries.filter((e) => e.isSnippet);
      assert.ok(snippets.length > 0, 'expected snippet entries');
      for (const e of snippets) {
        const errors = syntaxErrors(apply(src, e), format);
        assert.deepEqual(errors, [], `${e.label}:\n${apply(src, e)}`);
      }
    });
  }

  it('indents a YAML snippet relative to the cursor line (nested under the key)', () => {
    const { src, entries } = at(CONTAINER_YAML.replace('      image: nginx\n', '      image: nginx\n      |\n'));
    const probe = find(entries, 'livenessProbe (HTTP)');
    const root = DefinitionDocument.parse(apply(src, probe), 'yaml').root;
    assert.equal(toPlainValue(nodeAtPath(root, ['properties', 'containers', 0, 'properties', 'livenessProbe', 'httpGet', 'port'])), 80);
    assert.equal(toPlainValue(nodeAtPath(root, ['properties', 'containers', 0, 'properties', 'image'])), 'nginx');
  });
});

describe('completion of suggested values', () => {
  it('offers the schema api-version, quoted in YAML', () => {
    const { entries } = at("apiVersion: |\nproperties: {}\n");
    assert.equal(find(entries, '2023-05-01').insertText, "'2023-05-01'");
    const json = at('{"resources": [{"type": "Microsoft.ContainerInstance/containerGroups", "apiVersion": "|"}]}', 'json');
    assert.equal(find(json.entries, '2023-05-01').insertText, '"2023-05-01"');
  });

  it('keeps a multi-word enum value plain in YAML and reads back the same string', () => {
    const { src, entries } = at('identity:\n  type: |\n');
    const e = find(entries, 'SystemAssigned, UserAssigned');
    const root = DefinitionDocument.parse(apply(src, e), 'yaml').root;
    assert.equal(toPlainValue(nodeAtPath(root, ['identity', 'type'])), 'SystemAssigned, UserAssigned');
  });
});
