// Diagnose's rules against live states shaped as Azure writes them. Event texts: "Troubleshoot common issues in
// Azure Container Instances" (learn.microsoft.com/azure/container-instances/container-instances-troubleshooting:
// Failed "Failed to pull image \"mcr.microsoft.com/azuredocs/aci-hellowrld\": rpc error: code 2 desc = Error: image
// t/aci-hellowrld:latest not found", BackOff "Back-off pulling image …"); the liveness probe page (Unhealthy
// "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory"); Docker Hub's
// "toomanyrequests: You have reached your pull rate limit" (buffer-gate-public-content); the kubelet's
// "Back-off restarting failed container" (kubernetes/kubernetes#93826).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readLiveGroup } from '../../src/core/containerGroup/liveState';
import { diagnose, DOCS } from '../../src/core/diagnose/rules';
import { diagnosisMarkdown } from '../../src/core/diagnose/report';

const ev = (name: string, message: string, type = 'Warning', count = 1) => ({ name, message, type, count, firstTimestamp: '2024-01-01T00:00:00Z', lastTimestamp: '2024-01-01T00:01:00Z' });

function group(instanceView: object, groupEvents: object[] = [], image = 'mcr.microsoft.com/azuredocs/aci-hellowrld') {
  return readLiveGroup({
    properties: {
      provisioningState: 'Succeeded',
      instanceView: { state: 'Running', events: groupEvents },
      containers: [{ name: 'web', properties: { image, instanceView } }],
    },
  });
}

test('an image that does not exist', () => {
  const d = diagnose(group({ restartCount: 0, currentState: { state: 'Waiting', detailStatus: '' }, events: [
    ev('Pulling', 'pulling image "mcr.microsoft.com/azuredocs/aci-hellowrld"', 'Normal'),
    ev('Failed', 'Failed to pull image "mcr.microsoft.com/azuredocs/aci-hellowrld": rpc error: code 2 desc = Error: image t/aci-hellowrld:latest not found', 'Warning', 3),
    ev('BackOff', 'Back-off pulling image "mcr.microsoft.com/azuredocs/aci-hellowrld"', 'Normal', 6),
  ] }));
  assert.equal(d.causes[0].kind, 'imageNotFound');
  assert.equal(d.causes[0].doc, DOCS.troubleshooting);
  assert.match(d.causes[0].evidence, /not found/);
});

test('a pull the registry refuses, and one it throttles', () => {
  const unauthorized = diagnose(group({ currentState: { state: 'Waiting' }, events: [ev('Failed', 'Failed to pull image "myacr.azurecr.io/app:1": rpc error: code = Unknown desc = failed to resolve reference: unexpected status code 401 Unauthorized')] }));
  assert.equal(unauthorized.causes[0].kind, 'imageUnauthorized');
  const throttled = diagnose(group({ currentState: { state: 'Waiting' }, events: [ev('Failed', 'Failed to pull image "nginx": toomanyrequests: You have reached your pull rate limit.')] }));
  assert.equal(throttled.causes[0].kind, 'pullThrottled');
  assert.equal(throttled.causes[0].doc, DOCS.pullRateLimit);
});

test('exit code 137 is out of memory, whatever the restarts', () => {
  const d = diagnose(group({ restartCount: 4, currentState: { state: 'Running' }, previousState: { state: 'Terminated', exitCode: 137, detailStatus: 'OOMKilled' }, events: [] }));
  assert.deepEqual(d.causes.map((c) => c.kind), ['outOfMemory']);
  assert.equal(d.causes[0].doc, DOCS.memory);
});

test('a restart loop, and a single failed exit', () => {
  const loop = diagnose(group({ restartCount: 5, currentState: { state: 'Running' }, previousState: { state: 'Terminated', exitCode: 3, detailStatus: 'Error' }, events: [ev('BackOff', 'Back-off restarting failed container', 'Warning', 5)] }));
  assert.deepEqual(loop.causes.map((c) => c.kind), ['restartLoop']);
  assert.match(loop.causes[0].evidence, /5 restarts; last exit code 3/);
  const once = diagnose(group({ restartCount: 0, currentState: { state: 'Terminated', exitCode: 1, detailStatus: 'Error' }, events: [] }));
  assert.deepEqual(once.causes.map((c) => c.kind), ['exitedWithError']);
});

test('a failing liveness probe is the cause, not the restarts it makes', () => {
  const d = diagnose(group({ restartCount: 3, currentState: { state: 'Running' }, previousState: { state: 'Terminated', exitCode: 143 }, events: [
    ev('Unhealthy', "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory", 'Warning', 9),
    ev('Killing', 'Killing container with id …: Container failed liveness probe.. Container will be killed and recreated.', 'Normal', 3),
  ] }));
  assert.deepEqual(d.causes.map((c) => c.kind), ['probeFailed']);
  assert.equal(d.causes[0].doc, DOCS.liveness);
});

test('group causes: DNS label taken, capacity, quota, Spot eviction', () => {
  const at = (message: string, name = 'Failed') => diagnose(group({ currentState: { state: 'Waiting' }, events: [] }, [ev(name, message)])).causes.map((c) => c.kind);
  assert.deepEqual(at("The DNS name label 'myapp' is already taken in the location 'westeurope'.", 'DnsNameLabelAlreadyTaken'), ['dnsLabelTaken']);
  assert.deepEqual(at("The requested resource with 'x' CPU and 'y' GB memory is not available in the location 'westeurope' at this moment. Please retry with a different resource request or in another location.", 'ServiceUnavailable'), ['capacity']);
  assert.deepEqual(at("Resource type 'Microsoft.ContainerInstance/containerGroups' has reached its quota of 'StandardCores' in region 'westeurope'.", 'ContainerGroupQuotaReached'), ['quota']);
  assert.deepEqual(at('The Spot container group was evicted.', 'Evicted'), ['spotEviction']);
});

test('nothing known: says what was checked', () => {
  const d = diagnose(group({ restartCount: 0, currentState: { state: 'Running' }, events: [ev('Started', 'Started container', 'Normal')] }));
  assert.deepEqual(d.causes, []);
  assert.match(d.checked.join('\n'), /Group: provisioning Succeeded, state Running/);
  assert.match(d.checked.join('\n'), /Container web: Running, 0 restarts, 1 event/);
  const md = diagnosisMarkdown('g', d);
  assert.match(md, /No known cause/);
});

test('one container: only its causes; the report escapes what Azure wrote', () => {
  const g = group({ restartCount: 0, currentState: { state: 'Terminated', exitCode: 137 }, events: [] }, [ev('Evicted', 'evicted')]);
  assert.deepEqual(diagnose(g, { container: 'WEB' }).causes.map((c) => c.kind), ['outOfMemory']);
  assert.match(diagnose(g, { container: 'nope' }).checked.join('\n'), /No container named nope/);
  const md = diagnosisMarkdown('a*b', { causes: [{ kind: 'imagePull', title: '<img src=x>', evidence: '[x](javascript:1)', fix: 'f', doc: DOCS.troubleshooting }], checked: [] });
  assert.ok(md.includes('\\<img src=x\\>'));
  assert.ok(md.includes('\\[x\\]\\(javascript:1\\)'));
});
