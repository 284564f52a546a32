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
import { deployErrorCause, diagnose, diagnoseRefusedDeploy, DOCS } from '../../src/core/diagnose/rules';
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
  assert.deepEqual(at("The DNS name label 'aci-demo' in container group 'file-share-demo' is not available. Try using a different label.", 'DnsNameLabelAlreadyTaken'), ['dnsLabelTaken']);
  assert.deepEqual(at("The requested resource with 'x' CPU and 'y' GB memory is not available in the location 'westeurope' at this moment. Please retry with a different resource request or in another location.", 'ServiceUnavailable'), ['capacity']);
  assert.deepEqual(at("Resource type 'Microsoft.ContainerInstance/containerGroups' container group quota 'StandardSpotCores' exceeded in region 'westeurope'. Limit: '100', Usage: '12' Requested: '90'.", 'ContainerGroupQuotaReached'), ['quota']);
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

// A deploy's own errors as the PUT returns them. Sources: MicrosoftDocs/SupportArticles-docs,
// support/azure/azure-container-instances/configuration-setup/ at commit 03bc52bef875f55ec902389faf6de271f8661346
// (service-unavailable-container-group-quota-exceeded.md, service-unavailable-requested-resource-is-not-available.md,
// spot-container-group-quota-reached-error.md); MicrosoftDocs/azure-docs#51738 (StandardCores, no code shown);
// DnsNameLabelAlreadyTaken as az container create printed it (public AZ-204 lab notes; shahiddev/docker-k8s-workshop#2).
test("a deploy's error: the cause, the fix and the document for each published wording", () => {
  const cases = [
    { code: 'DnsNameLabelAlreadyTaken', message: "The DNS name label 'aci-demo' in container group 'file-share-demo' is not available. Try using a different label.", kind: 'dnsLabelTaken', doc: DOCS.dnsLabel, fix: /dnsNameLabel/ },
    { code: 'ServiceUnavailable', message: "The requested resource is not available in the location 'usgovvirginia' at this moment. Please retry with a different resource request or in another location. Resource requested: '2' CPU '4' GB memory 'Linux' OS virtual network.", kind: 'capacity', doc: DOCS.capacity, fix: /retry later/ },
    { code: 'ServiceUnavailable', message: "Resource type 'Microsoft.ContainerInstance/containerGroups' container group quota 'ContainerGroups' exceeded in region 'westus'. Limit: '0', Usage: '0' Requested: '1'.", kind: 'quota', doc: DOCS.quotaZero, fix: /one at a time/, title: "The subscription's ContainerGroups quota in westus is used up: limit 0, 0 in use, 1 asked" },
    { code: undefined, message: "Resource type 'Microsoft.ContainerInstance/containerGroups' container group quota 'StandardCores' exceeded in region 'eastus'. Limit: '10', Usage: '10' Requested: '1'.", kind: 'quota', doc: DOCS.quotas, fix: /quota increase/, title: "The subscription's StandardCores quota in eastus is used up: limit 10, 10 in use, 1 asked" },
    { code: 'ContainerGroupQuotaReached', message: "Resource type 'Microsoft.ContainerInstance/containerGroups' container group quota 'StandardSpotCores' exceeded in region 'westeurope'. Limit: '100', Usage: '12' Requested: '90'.", kind: 'quota', doc: DOCS.spotQuota, fix: /Spot cores/ },
  ];
  for (const c of cases) {
    const cause = deployErrorCause({ code: c.code, message: c.message });
    assert.equal(cause?.kind, c.kind, c.message);
    assert.equal(cause.doc, c.doc, c.message);
    assert.match(cause.fix, c.fix, c.message);
    if (c.title) assert.equal(cause.title, c.title);
    assert.ok(cause.evidence.includes(c.message), 'the evidence quotes Azure');
  }
  assert.equal(deployErrorCause({ code: 'InvalidOsType', message: "The 'osType' for container group '<null>' is invalid. The value must be one of 'Windows,Linux'." }), undefined);
  assert.equal(deployErrorCause({ code: 'InvalidDnsNameLabel', message: "The DNS name label 'webx' in container group 'web-group' is invalid. It can contain only lowercase letters, numbers and hyphens." }), undefined, 'an invalid label is not a taken one');
});

test('a group Azure refused to deploy: the diagnosis comes from the error and says the group is not there', () => {
  const d = diagnoseRefusedDeploy({ code: 'DnsNameLabelAlreadyTaken', message: "The DNS name label 'aci-demo' in container group 'file-share-demo' is not available. Try using a different label." });
  assert.deepEqual(d.causes.map((c) => c.kind), ['dnsLabelTaken']);
  assert.match(d.checked.join('\n'), /not deployed/);
  assert.match(d.checked.join('\n'), /DnsNameLabelAlreadyTaken/);
  assert.deepEqual(diagnoseRefusedDeploy({ code: 'Conflict', message: 'Something else.' }).causes, []);
});
