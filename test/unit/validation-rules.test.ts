import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { Finding } from '../../src/core/definition';
import { validateText } from '../../src/core/validation';

/** A valid base group; each case changes a part of it. */
function group(over: { props?: Record<string, unknown>; containers?: unknown[]; top?: Record<string, unknown> } = {}) {
  return {
    apiVersion: '2023-05-01',
    name: 'demo-group',
    location: 'eastus',
    ...over.top,
    properties: {
      osType: 'Linux',
      containers: over.containers ?? [container('app')],
      ...over.props,
    },
  };
}
function container(name: string, props: Record<string, unknown> = {}) {
  return { name, properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1 } }, ...props } };
}
const UAMI = '/subscriptions/s/resourceGroups/rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/id1';

interface Case {
  title: string;
  doc: unknown;
  code: string;
  severity: Finding['severity'];
  /** Text the finding's range covers (as written in YAML; in JSON strings carry quotes). */
  at: string;
  message: string;
}

const CASES: Case[] = [
  { title: 'mountPath with a colon (Linux)', doc: group({ containers: [container('app', { volumeMounts: [{ name: 'data-volume', mountPath: '/mnt/a:b' }] })], props: { volumes: [{ name: 'data-volume', emptyDir: {} }] } }), code: 'ACI301', severity: 'error', at: '/mnt/a:b', message: "mountPath '/mnt/a:b' must not contain a colon (:); use a Linux path such as /mnt/data (drive letters like C:\\ are not supported)." },
  { title: 'mountPath with a drive letter', doc: group({ containers: [container('app', { volumeMounts: [{ name: 'data-volume', mountPath: 'C:\\data' }] })], props: { volumes: [{ name: 'data-volume', emptyDir: {} }] } }), code: 'ACI301', severity: 'error', at: 'C:\\data', message: "mountPath 'C:\\data' must not contain a colon (:); use a Linux path such as /mnt/data (drive letters like C:\\ are not supported)." },
  { title: 'gitRepo directory with ..', doc: group({ props: { volumes: [{ name: 'repo-volume', gitRepo: { repository: 'https://x/y.git', directory: '../up' } }] } }), code: 'ACI302', severity: 'error', at: '../up', message: "gitRepo directory '../up' must not contain or start with '..'; use '.' for the volume root or a plain subdirectory name." },
  { title: 'Confidential without ccePolicy', doc: group({ props: { sku: 'Confidential' } }), code: 'ACI303', severity: 'warning', at: 'Confidential', message: "sku 'Confidential' needs confidentialComputeProperties.ccePolicy (the base64 enforcement policy, e.g. from 'az confcom acipolicygen')." },
  { title: 'Private IP without subnetIds', doc: group({ containers: [container('app', { ports: [{ port: 80 }] })], props: { ipAddress: { type: 'Private', ports: [{ port: 80 }] } } }), code: 'ACI304', severity: 'error', at: 'Private', message: "A 'Private' IP address needs properties.subnetIds (the virtual network subnet to deploy into)." },
  { title: 'UserAssigned without identities', doc: group({ top: { identity: { type: 'UserAssigned' } } }), code: 'ACI305', severity: 'error', at: 'UserAssigned', message: "Identity type 'UserAssigned' needs identity.userAssignedIdentities with at least one identity resource ID (each mapped to {})." },
  { title: 'SystemAssigned, UserAssigned without identities', doc: group({ top: { identity: { type: 'SystemAssigned, UserAssigned', userAssignedIdentities: {} } } }), code: 'ACI305', severity: 'error', at: 'SystemAssigned, UserAssigned', message: "Identity type 'SystemAssigned, UserAssigned' needs identity.userAssignedIdentities with at least one identity resource ID (each mapped to {})." },
  { title: 'encryption identity not declared', doc: group({ top: { identity: { type: 'UserAssigned', userAssignedIdentities: { [UAMI]: {} } } }, props: { encryptionProperties: { vaultBaseUrl: 'https://v', keyName: 'k', keyVersion: '1', identity: UAMI + 'x' } } }), code: 'ACI306', severity: 'error', at: UAMI + 'x', message: `Identity '${UAMI}x' is not declared; add it to identity.userAssignedIdentities (and use type 'UserAssigned' or 'SystemAssigned, UserAssigned').` },
  { title: 'volume mount naming no volume', doc: group({ containers: [container('app', { volumeMounts: [{ name: 'missing-volume', mountPath: '/m' }] })], props: { volumes: [{ name: 'data-volume', emptyDir: {} }] } }), code: 'ACI307', severity: 'error', at: 'missing-volume', message: "Volume mount 'missing-volume' names no volume of this group; declare it under properties.volumes or use one of: data-volume." },
  { title: 'duplicate container names', doc: group({ containers: [container('app'), container('app')] }), code: 'ACI308', severity: 'error', at: 'app', message: "Container name 'app' is used twice; each container and init container needs its own name." },
  { title: 'duplicate volume names', doc: group({ props: { volumes: [{ name: 'data-volume', emptyDir: {} }, { name: 'data-volume', emptyDir: {} }] } }), code: 'ACI309', severity: 'error', at: 'data-volume', message: "Volume name 'data-volume' is used twice; give each volume its own name." },
  { title: 'group port no container exposes', doc: group({ containers: [container('app', { ports: [{ port: 80 }] })], props: { ipAddress: { type: 'Public', ports: [{ port: 443 }] } } }), code: 'ACI310', severity: 'warning', at: '443', message: "Port 443 is opened on the group but no container exposes it; add it to a container's ports or remove it." },
  { title: 'volume without a source', doc: group({ props: { volumes: [{ name: 'data-volume' }] } }), code: 'ACI311', severity: 'error', at: 'name', message: "Volume 'data-volume' has no source; add exactly one of azureFile, emptyDir, gitRepo or secret." },
  { title: 'volume with two sources', doc: group({ props: { volumes: [{ name: 'data-volume', emptyDir: {}, secret: { a: 'YQ==' } }] } }), code: 'ACI311', severity: 'error', at: 'secret', message: "Volume 'data-volume' has several sources (emptyDir, secret); keep exactly one." },
  { title: 'secret not base64', doc: group({ props: { volumes: [{ name: 'secret-volume', secret: { 'app.conf': 'not base64!' } }] } }), code: 'ACI312', severity: 'error', at: 'not base64!', message: "Secret volume file 'app.conf' must be base64-encoded (e.g. the output of base64 -w0 FILE)." },
  { title: 'secret volume without files (as an import leaves it)', doc: group({ props: { volumes: [{ name: 'secret-volume', secret: {} }] } }), code: 'ACI327', severity: 'warning', at: 'secret', message: "Secret volume 'secret-volume' holds no files; add each as FILE_NAME: '{{secret:NAME}}' (Azure does not return a secret volume's files, so an import cannot fill them)." },
  { title: 'group name with invalid characters', doc: group({ top: { name: 'my_group' } }), code: 'ACI313', severity: 'error', at: 'my_group', message: "Container group name 'my_group' must be 1-63 lowercase letters, digits or hyphens, with no leading, trailing or double hyphen." },
  { title: 'container name upper case', doc: group({ containers: [container('MyApp')] }), code: 'ACI314', severity: 'error', at: 'MyApp', message: "The container name 'MyApp' must be 1-63 lowercase letters, digits or hyphens, starting and ending with a letter or digit (e.g. 'my-app')." },
  { title: 'volume name too short (documented minimum, a warning)', doc: group({ props: { volumes: [{ name: 'data', emptyDir: {} }] } }), code: 'ACI315', severity: 'warning', at: 'data', message: "Volume name 'data' should be 5-63 lowercase letters, digits or hyphens, with no leading, trailing or double hyphen." },
  { title: 'volume name with a bad character', doc: group({ props: { volumes: [{ name: 'my_data', emptyDir: {} }] } }), code: 'ACI315', severity: 'error', at: 'my_data', message: "Volume name 'my_data' must be 5-63 lowercase letters, digits or hyphens, with no leading, trailing or double hyphen." },
  { title: 'DNS label too short', doc: group({ containers: [container('app', { ports: [{ port: 80 }] })], props: { ipAddress: { type: 'Public', ports: [{ port: 80 }], dnsNameLabel: 'abc' } } }), code: 'ACI316', severity: 'error', at: 'abc', message: "DNS name label 'abc' must be 5-63 letters, digits or hyphens, starting and ending with a letter or digit." },
  { title: 'env var name', doc: group({ containers: [container('app', { environmentVariables: [{ name: 'MY-VAR', value: 'x' }] })] }), code: 'ACI317', severity: 'warning', at: 'MY-VAR', message: "Environment variable name 'MY-VAR' should be 1-63 letters, digits or underscores, not starting or ending with an underscore." },
  { title: 'cpu of 0', doc: group({ containers: [{ name: 'app', properties: { image: 'x', resources: { requests: { cpu: 0, memoryInGB: 1 } } } }] }), code: 'ACI318', severity: 'error', at: '0', message: 'requests.cpu must be greater than 0 (e.g. 1).' },
  { title: 'group totals above the documented maximum', doc: group({ containers: [20, 20].map((cpu, i) => ({ name: `app${i}`, properties: { image: 'x', resources: { requests: { cpu, memoryInGB: 1 } } } })) }), code: 'ACI318', severity: 'warning', at: 'containers', message: 'The containers request 40 CPU and 2 GB in total; the documented maximum for a Standard group is 31 CPU and 240 GB (limits vary by region).' },
  { title: 'one container above the group maximum', doc: group({ containers: [{ name: 'app', properties: { image: 'x', resources: { requests: { cpu: 40, memoryInGB: 1 } } } }] }), code: 'ACI318', severity: 'warning', at: '40', message: 'requests.cpu 40 is more than the documented maximum of 31 CPU for a Standard group (limits vary by region).' },
  { title: 'GPU K80', doc: group({ containers: [{ name: 'app', properties: { image: 'x', resources: { requests: { cpu: 1, memoryInGB: 1, gpu: { count: 1, sku: 'K80' } } } } }] }), code: 'ACI319', severity: 'error', at: 'gpu', message: 'K80 was retired on 2023-08-31; GPU container groups were retired on 2025-07-14: Azure Container Instances no longer deploys a GPU; remove requests.gpu.' },
  { title: 'more than 60 containers', doc: group({ containers: Array.from({ length: 61 }, (_, i) => container(`c${i}`)) }), code: 'ACI320', severity: 'error', at: 'containers', message: 'A container group can hold at most 60 containers; this one has 61.' },
  { title: 'more than 20 volumes', doc: group({ props: { volumes: Array.from({ length: 21 }, (_, i) => ({ name: `volume-${i}`, emptyDir: {} })) } }), code: 'ACI321', severity: 'error', at: 'volumes', message: 'A container group can hold at most 20 volumes; this one has 21.' },
  { title: 'more than 5 ports', doc: group({ containers: [container('app', { ports: [1, 2, 3, 4, 5, 6].map((port) => ({ port })) })], props: { ipAddress: { type: 'Public', ports: [1, 2, 3, 4, 5, 6].map((port) => ({ port })) } } }), code: 'ACI322', severity: 'error', at: 'ports', message: 'An IP address can expose at most 5 ports; this one lists 6.' },
  { title: 'Windows with two containers', doc: group({ containers: [container('a'), container('b')], props: { osType: 'Windows' } }), code: 'ACI323', severity: 'error', at: 'Windows', message: 'Windows container groups support a single container; use osType Linux or split the containers into several groups.' },
  { title: 'two zones', doc: group({ top: { zones: ['1', '2'] } }), code: 'ACI324', severity: 'error', at: 'zones', message: 'Container groups support a single availability zone; keep one entry in zones.' },
  { title: 'init container name and mount', doc: group({ props: { initContainers: [{ name: 'Init', properties: { image: 'x', volumeMounts: [{ name: 'nope-volume', mountPath: '/x' }] } }] } }), code: 'ACI314', severity: 'error', at: 'Init', message: "The init container name 'Init' must be 1-63 lowercase letters, digits or hyphens, starting and ending with a letter or digit (e.g. 'my-app')." },
];

function findingsOf(text: string, file: string, code: string) {
  return validateText(text, file).findings.filter((f) => f.code === code);
}

describe('rules', () => {
  for (const c of CASES) {
    it(`${c.code} ${c.title} (YAML and JSON)`, () => {
      const yaml = toYaml(c.doc);
      const y = findingsOf(yaml, 'g.yaml', c.code);
      assert.equal(y.length, 1, `one ${c.code} in YAML: ${JSON.stringify(validateText(yaml, 'g.yaml').findings.map((f) => f.code))}`);
      assert.equal(y[0].severity, c.severity);
      assert.equal(y[0].message, c.message);
      assert.equal(unquoteYaml(yaml.slice(y[0].range.start, y[0].range.end)), c.at);
      const json = JSON.stringify(c.doc, null, 2);
      const j = findingsOf(json, 'g.json', c.code);
      assert.equal(j.length, 1);
      assert.equal(j[0].message, c.message);
      assert.deepEqual(j[0].path, y[0].path);
      const jsonText = json.slice(j[0].range.start, j[0].range.end);
      assert.equal(/^[-\d.]+$/.test(jsonText) ? jsonText : JSON.parse(jsonText), c.at);
      // Nothing else is an error besides the case under test.
      const others = validateText(json, 'g.json').findings.filter((f) => f.severity === 'error' && f.code !== c.code && !(c.code === 'ACI314' && f.code === 'ACI307'));
      assert.deepEqual(others.map((f) => f.message), []);
    });
  }

  it('the base group is clean', () => {
    assert.deepEqual(validateText(JSON.stringify(group()), 'g.json').findings, []);
  });

  it('a secret placeholder in a secret volume is not checked as base64', () => {
    const doc = group({ props: { volumes: [{ name: 'secret-volume', secret: { a: '{{secret:conf}}' } }] } });
    assert.deepEqual(validateText(JSON.stringify(doc), 'g.json').findings, []);
  });

  it('a group name with upper case is only a warning (the service accepts it)', () => {
    const f = findingsOf(JSON.stringify(group({ top: { name: 'myGroup' } })), 'g.json', 'ACI313');
    assert.equal(f[0].severity, 'warning');
    assert.equal(f[0].fix?.edits[0].newText, 'mygroup');
  });
});

function toYaml(value: unknown): string {
  // A small emitter so the YAML layout (and ranges) is known: block style, quoted strings only when needed.
  const scalar = (v: unknown) => (typeof v === 'string' ? (/^[\w./-]+$/.test(v) && !/^\d/.test(v) ? v : JSON.stringify(v)) : JSON.stringify(v));
  const lines: string[] = [];
  const walk = (v: unknown, indent: string, first: string) => {
    if (Array.isArray(v)) {
      if (v.length === 0) return lines.push(`${first}[]`);
      if (first.trim()) lines.push(first.trimEnd());
      for (const item of v) walk(item, indent + '  ', `${indent}- `);
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      if (entries.length === 0) return lines.push(`${first}{}`);
      let lead = first;
      const pad = first.includes('- ') ? ' '.repeat(first.length) : indent;
      if (first.trim() && !first.endsWith('- ')) {
        lines.push(first.trimEnd());
        lead = indent;
      }
      for (const [k, child] of entries) {
        const key = scalar(k);
        if (child && typeof child === 'object' && (Array.isArray(child) ? child.length : Object.keys(child).length)) walk(child, (lead === first ? pad : indent) + '  ', `${lead}${key}:`);
        else if (child && typeof child === 'object') lines.push(`${lead}${key}: ${Array.isArray(child) ? '[]' : '{}'}`);
        else lines.push(`${lead}${key}: ${scalar(child)}`);
        lead = first.endsWith('- ') ? pad : indent;
      }
    } else lines.push(`${first}${scalar(v)}`);
  };
  walk(value, '', '');
  const text = lines.join('\n') + '\n';
  assert.deepEqual(parse(text), JSON.parse(JSON.stringify(value)), 'emitter round-trips');
  return text;
}

function unquoteYaml(s: string): string {
  return s.startsWith('"') ? JSON.parse(s) : s;
}
