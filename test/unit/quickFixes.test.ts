// Quick fixes for the commonest mistakes: each one, applied, leaves a definition without that finding, in YAML
// and in JSON.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { validateText } from '../../src/core/validation';
import type { Finding, Fix } from '../../src/core/definition/types';
import { API_VERSION, FLOW_REQUESTS, groupYaml } from '../definitionTexts';

const YAML = groupYaml({
  top: { apiVersion: API_VERSION, location: 'westeurope', name: 'qf' },
  osType: 'Solaris',
  itemIndent: 2,
  container: [...FLOW_REQUESTS, 'volumeMounts:', '  - name: cache-volme', '    mountPath: C:\\cache'],
  after: ['volumes:', '  - name: cache-volume', '    emptyDir: {}'],
});

const JSON_TEXT = JSON.stringify({
  apiVersion: '2023-05-01',
  location: 'westeurope',
  name: 'qf',
  properties: {
    osType: 'Solaris',
    containers: [{ name: 'web', properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1 } }, volumeMounts: [{ name: 'cache-volme', mountPath: 'C:\\cache' }] } }],
    volumes: [{ name: 'cache-volume', emptyDir: {} }],
  },
}, null, 2);

function apply(text: string, fix: Fix): string {
  const edits = [...fix.edits].sort((a, b) => b.range.start - a.range.start);
  return edits.reduce((t, e) => t.slice(0, e.range.start) + e.newText + t.slice(e.range.end), text);
}

const fixesOf = (f: Finding | undefined): Fix[] => [...(f?.fix ? [f.fix] : []), ...(f?.moreFixes ?? [])];

for (const [format, text, file] of [['YAML', YAML, 'qf.aci.yaml'], ['JSON', JSON_TEXT, 'qf.aci.json']] as const) {
  describe(`quick fixes in ${format}`, () => {
    const findings = validateText(text, file).findings;
    const byCode = (code: string) => findings.find((f) => f.code === code);

    it('an invalid enum value offers each allowed value, and each one applied is valid', () => {
      const fixes = fixesOf(byCode('ACI003'));
      assert.deepEqual(fixes.map((f) => f.title.replace(/"/g, '')), ['Change to Windows', 'Change to Linux']);
      for (const fix of fixes) assert.ok(!validateText(apply(text, fix), file).findings.some((f) => f.code === 'ACI003'), fix.title);
    });

    it('a mount naming a missing volume offers the declared volumes', () => {
      const fixes = fixesOf(byCode('ACI307'));
      assert.deepEqual(fixes.map((f) => f.title.replace(/"/g, '')), ['Change to cache-volume']);
      assert.ok(!validateText(apply(text, fixes[0]), file).findings.some((f) => f.code === 'ACI307'));
    });

    it('a mountPath with a drive letter becomes the Linux path', () => {
      const fixes = fixesOf(byCode('ACI301'));
      assert.deepEqual(fixes.map((f) => f.title.replace(/"/g, '')), ['Change to /cache']);
      const fixed = apply(text, fixes[0]);
      assert.ok(!validateText(fixed, file).findings.some((f) => f.code === 'ACI301'));
      assert.match(fixed, /mountPath"?: "?\/cache/);
    });
  });
}
