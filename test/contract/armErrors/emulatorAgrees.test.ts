// The emulator's default answers to the same mistakes must be the recorded ones: one problem, code and
// message as the service words them, no target and no details.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ACI_PATH, armRequest, minimalGroup } from '../../emulator/testClient';
import { recorded } from './fixtures';
import { suiteEmulator } from '../../emulator/testEmulator';

const suite = suiteEmulator({ lroPolls: 2 });

const app = (properties: Record<string, unknown>, name = 'app') => ({ name, properties: { image: 'myregistry.azurecr.io/app:v1', ...properties } });
const requests = { resources: { requests: { cpu: 1, memoryInGB: 1.5 } } };

/** One mistake each, in a group that is otherwise valid, and the recorded error it must draw. */
const cases: Array<[string, Record<string, unknown>]> = [
  ['invalid-os-type', minimalGroup({ osType: undefined })],
  ['resource-requests-not-specified', minimalGroup({ containers: [app({}, 'worker')] })],
  ['resource-some-requests-not-specified', minimalGroup({ containers: [app({ resources: { requests: { memoryInGB: 6 } } })] })],
  ['invalid-container-name', minimalGroup({ containers: [app(requests, 'Db-primary1')] })],
  ['dns-name-label', minimalGroup({ ipAddress: { type: 'Public', dnsNameLabel: 'webx', ports: [{ port: 80 }] } })],
  ['volume-mount-path', minimalGroup({ containers: [app({ ...requests, volumeMounts: [{ name: 'files', mountPath: 'C:/Program Files/Git/files' }] })], volumes: [{ name: 'files', emptyDir: {} }] })],
];

for (const [id, body] of cases) {
  test(`the emulator answers like the recorded ${id}`, async () => {
    const res = await armRequest(suite.url, suite.token, 'PUT', ACI_PATH('web-group'), { body });
    const want = recorded(id);
    assert.equal(res.status, want.status);
    const error = res.json.error as Record<string, unknown>;
    assert.equal(error.message, want.body.error.message);
    // Where the source shows no code, the emulator's own code is the only addition.
    if (want.body.error.code) assert.equal(error.code, want.body.error.code);
    assert.deepEqual(Object.keys(error).sort(), ['code', 'message']);
  });
}
