// Rules for what newer api-versions bring: Spot priority (documented error codes), key vault secret references
// (declared, read with an identity of the group) and the GPU retirement.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { validateText } from '../../src/core/validation';
import type { Finding } from '../../src/core/definition/types';

const IDENTITY = '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/id1';
const container = (extra: Record<string, unknown> = {}, requests: Record<string, unknown> = {}) => ({
  name: 'app',
  properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1, ...requests } }, ...extra },
});
const group = (apiVersion: string, props: Record<string, unknown>, top: Record<string, unknown> = {}) =>
  JSON.stringify({ apiVersion, name: 'grp', location: 'westeurope', ...top, properties: { osType: 'Linux', containers: [container()], ...props } }, null, 2);
const findings = (text: string) => validateText(text, 'g.json').findings;
const show = (fs: Finding[]) => fs.map((f) => `${f.code} ${f.severity} ${f.message}`).join('\n');

describe('Spot priority (docs: Error codes for Spot container creation)', () => {
  it('a Spot group with a public IP is an error naming the documented code', () => {
    const fs = findings(group('2025-09-01', { priority: 'Spot', ipAddress: { type: 'Public', ports: [{ port: 80 }] }, containers: [container({ ports: [{ port: 80 }] })] }));
    const spot = fs.filter((f) => f.code === 'ACI328');
    assert.equal(spot.length, 1, show(fs));
    assert.equal(spot[0].severity, 'error');
    assert.match(spot[0].message, /SpotPriorityContainerGroupNotSupportedForInboundConnectivity/);
  });

  it('a Spot group with a GPU gets the Spot finding and the retirement error', () => {
    const fs = findings(group('2023-05-01', { priority: 'Spot', containers: [container({}, { gpu: { count: 1, sku: 'V100' } })] }));
    assert.deepEqual(fs.map((f) => [f.code, f.severity]), [['ACI319', 'error'], ['ACI328', 'error']], show(fs));
    assert.match(fs[0].message, /retired on 2025-07-14/);
    assert.match(fs[1].message, /SpotPriorityContainerGroupWithGPUResourcesNotSupported/);
  });

  it('a Spot group on another SKU is offered Standard', () => {
    const fs = findings(group('2023-05-01', { priority: 'Spot', sku: 'Dedicated' })).filter((f) => f.code === 'ACI328');
    assert.equal(fs.length, 1);
    assert.deepEqual(fs[0].moreFixes?.map((f) => f.title), ['Change to "Standard"']);
  });

  it('the published Spot example (no IP, Standard) is clean', () => {
    assert.deepEqual(findings(group('2025-09-01', { priority: 'Spot', sku: 'Standard', restartPolicy: 'Never' })), []);
  });
});

describe('secret references (2025-09-01)', () => {
  const identity = { type: 'UserAssigned', userAssignedIdentities: { [IDENTITY]: {} } };
  const refs = [{ name: 'db', identity: IDENTITY, secretReferenceUri: 'https://kv.vault.azure.net/secrets/db' }];

  it('a reference to an undeclared secret is an error offering the declared ones', () => {
    const fs = findings(group('2025-09-01', { secretReferences: refs, containers: [container({ environmentVariables: [{ name: 'DB', secureValueReference: 'dbb' }] })] }, { identity }));
    assert.deepEqual(fs.map((f) => f.code), ['ACI329'], show(fs));
    assert.deepEqual(fs[0].moreFixes?.map((f) => f.title), ['Change to "db"']);
  });

  it('registry passwords, storage keys and secret volumes are checked too', () => {
    const fs = findings(
      group('2025-09-01', {
        secretReferences: refs,
        imageRegistryCredentials: [{ server: 'r.azurecr.io', username: 'u', passwordReference: 'nope1' }],
        volumes: [
          { name: 'files', azureFile: { shareName: 's', storageAccountName: 'a', storageAccountKeyReference: 'nope2' } },
          { name: 'secrets', secretReference: { 'key.txt': 'db' } },
        ],
      }, { identity }),
    );
    assert.deepEqual(fs.filter((f) => f.code === 'ACI329').map((f) => f.message.split("'")[1]), ['nope1', 'nope2'], show(fs));
  });

  it('a secret reference read with an identity the group lacks is an error', () => {
    const fs = findings(group('2025-09-01', { secretReferences: refs }, { identity: { type: 'SystemAssigned' } }));
    assert.deepEqual(fs.map((f) => f.code), ['ACI306'], show(fs));
    assert.deepEqual(fs[0].path, ['properties', 'secretReferences', 0, 'identity']);
  });
});

describe('ports shared by the containers of a group', () => {
  const withPort = (name: string, port: number, protocol?: string) => ({ name, properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1 } }, ports: [protocol ? { port, protocol } : { port }] } });

  it('two containers exposing port 80 (TCP) is a warning on the second', () => {
    const fs = findings(group('2023-05-01', { containers: [withPort('web', 80), withPort('api', 80, 'TCP')] }));
    assert.deepEqual(fs.map((f) => f.code), ['ACI330'], show(fs));
    assert.deepEqual(fs[0].path, ['properties', 'containers', 1, 'properties', 'ports', 0, 'port']);
    assert.match(fs[0].message, /'web' and 'api' both expose port 80 \(TCP\)/);
  });

  it('the same number over TCP and UDP, or different numbers, are no finding', () => {
    assert.deepEqual(findings(group('2023-05-01', { containers: [withPort('web', 53), withPort('dns', 53, 'UDP')] })).map((f) => f.code), []);
    assert.deepEqual(findings(group('2023-05-01', { containers: [withPort('web', 80), withPort('api', 5000)] })).map((f) => f.code), []);
  });
});
