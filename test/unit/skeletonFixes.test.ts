import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DefinitionDocument, Finding } from '../../src/core/definition';
import { detectFormat } from '../../src/core/definition/detect';
import { withSkeletonFixes } from '../../src/core/languageService/skeletonFixes';
import { validateDocument } from '../../src/core/validation';

const YAML = `apiVersion: '2023-05-01'
location: westeurope
name: fixes-demo
properties:
  osType: Windoze
  containers:
  - name: web
    properties:
      resources:
        requests:
          cpu: one
          memoryInGB: lots
      ports:
      - port: eighty
      volumeMounts:
      - name: content
        mountPath: C:\\data
      - name: other
        mountPath: /x
  volumes:
  - name: content
    emptyDir: {}
`;

const JSON_TEXT = `{
  "apiVersion": "2023-05-01",
  "location": "westeurope",
  "name": "fixes-demo",
  "properties": {
    "osType": "Linu",
    "containers": [
      {
        "name": "web",
        "properties": {
          "image": "nginx",
          "resources": { "requests": { "cpu": 1, "memoryInGB": "1.5 GB" } },
          "volumeMounts": [ { "name": "data", "mountPath": "d:\\\\x" } ]
        }
      }
    ]
  }
}
`;

function findings(text: string, file: string): Finding[] {
  const doc = DefinitionDocument.parse(text, detectFormat(file, text));
  return withSkeletonFixes(doc, validateDocument(doc));
}

function apply(text: string, f: Finding, title: string): string {
  const all = [...(f.fix ? [f.fix] : []), ...(f.moreFixes ?? [])];
  const fix = all.find((m) => m.title === title);
  assert.ok(fix, `${f.code}: '${title}' among ${all.map((m) => m.title).join(', ')}`);
  let out = text;
  for (const e of [...fix.edits].sort((a, b) => b.range.start - a.range.start)) out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}

/** Applies the chosen fix of each finding in turn and returns the text once no error is left. */
function fixAll(text: string, file: string, choices: Record<string, string[]>): string {
  for (let round = 0; round < 20; round++) {
    const errors = findings(text, file).filter((f) => f.severity === 'error');
    if (!errors.length) return text;
    const f = errors[0];
    const title = choices[f.code]?.shift();
    assert.ok(title, `no choice left for ${f.code}: ${f.message}`);
    text = apply(text, f, title);
  }
  assert.fail('errors left after 20 fixes');
}

describe('quick fixes that write new values (numbers, declared volumes, required properties)', () => {
  it('YAML: a mount named below the volume-name minimum is declared with a valid name it is renamed to', () => {
    const text = YAML.replace('- name: other', '- name: db');
    const mount = findings(text, 'a.aci.yaml').find((x) => x.code === 'ACI307')!;
    const fixed = apply(text, mount, 'Declare volume db-volume (an emptyDir) and mount it here');
    assert.match(fixed, /- name: db-volume\n {8}mountPath: \/x/);
    assert.match(fixed, /\n {2}- name: db-volume\n {4}emptyDir: \{\}/);
    assert.deepEqual(findings(fixed, 'a.aci.yaml').filter((f) => f.code === 'ACI315' || f.code === 'ACI307'), []);
  });

  it('YAML: every error fixed by its quick fixes, in the file\'s indentation', () => {
    const fixed = fixAll(YAML, 'a.aci.yaml', {
      ACI003: ['Change to Linux'],
      ACI002: ['Change to 1', 'Change to 1.5', 'Change to 80'],
      ACI001: ['Add image'],
      ACI301: ['Change to /data'],
      ACI307: ['Declare volume other (an emptyDir)'],
    });
    assert.match(fixed, /osType: Linux\n/);
    assert.match(fixed, /cpu: 1\n {10}memoryInGB: 1.5\n/);
    assert.match(fixed, /- port: 80\n/);
    assert.match(fixed, /\n {6}image: \S+\n/);
    assert.match(fixed, /mountPath: \/data\n/);
    assert.match(fixed, /\n {2}- name: other\n {4}emptyDir: \{\}/);
  });

  it('JSON: every error fixed by its quick fixes; a mount may still use an existing volume instead', () => {
    const fixed = fixAll(JSON_TEXT, 'a.aci.json', { ACI003: ['Change to "Linux"'], ACI002: ['Change to 1.5'], ACI307: ['Declare volume data-volume (an emptyDir) and mount it here'], ACI301: ['Change to "/x"'] });
    const value = JSON.parse(fixed);
    assert.equal(value.properties.osType, 'Linux');
    // 'data' is shorter than the volume-name rule allows: the volume gets a name it takes, and the mount follows.
    assert.deepEqual(value.properties.volumes, [{ name: 'data-volume', emptyDir: {} }]);
    assert.equal(value.properties.containers[0].properties.volumeMounts[0].name, 'data-volume');
    assert.deepEqual(findings(fixed, 'a.aci.json').filter((f) => f.code === 'ACI315' || f.code === 'ACI307'), [], 'the fix leaves no volume finding behind');
    assert.equal(value.properties.containers[0].properties.volumeMounts[0].mountPath, '/x');
    const withVolume = YAML.replace('- name: other', '- name: contnet');
    const mount = findings(withVolume, 'a.aci.yaml').find((x) => x.code === 'ACI307')!;
    assert.match(apply(withVolume, mount, 'Change to content'), /- name: content\n {8}mountPath: \/x/);
  });
});
