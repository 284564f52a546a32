// Real Container Instances errors rarely carry a target: the problem is placed from a JSON path or a name
// quoted in the message, additionalInfo, or what the code is about; else on the top of the definition.
// The recorded errors themselves are replayed in test/contract/armErrors/; these are the cases around them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorFromResponse } from '../../src/core/arm/errors';
import { locateErrorTargets, type LocatableError } from '../../src/core/deploy/errorTargets';
import { sample } from '../contract/armErrors/fixtures';

// The sample the contract tests replay recorded errors against.
const yaml = sample('web-group.aci.yaml');

const json = JSON.stringify(
  { location: 'westeurope', properties: { containers: [{ name: 'web', properties: { image: 'nginx', resources: { requests: { memoryInGB: 1.5 } } } }] } },
  null,
  2,
);

const at = (text: string, r: { start: number; end: number }) => text.slice(r.start, r.end);
const one = (text: string, file: string, error: LocatableError) => {
  const locs = locateErrorTargets(text, file, error);
  assert.equal(locs.length, 1, JSON.stringify(locs));
  return { ...locs[0], text: at(text, locs[0].range) };
};

test('a path without properties., in another case, still finds the property', () => {
  const loc = one(yaml, 'web.aci.yaml', { code: 'X', message: 'Bad value at Containers[1].Image here' });
  assert.deepEqual([loc.text, loc.exact, loc.placedBy], ['myregistry.azurecr.io/worker:v1', true, 'message']);
});

test('dotted words that are not paths of the file are not taken for one', () => {
  const loc = one(yaml, 'web.aci.yaml', { code: 'X', message: "See aka.ms/x or e.g. registry.azurecr.io for details" });
  assert.equal(loc.placedBy, 'document');
});

test('"Required property … not found" points at the parent, or at the property when the file spells it in another case', () => {
  const message = "The request content was invalid and could not be deserialized: 'Required property 'osType' not found in JSON. Path 'properties', line 1, position 40.'.";
  const loc = one(json, 'g.aci.json', { code: 'InvalidRequestContent', message });
  assert.deepEqual([loc.text, loc.exact, loc.target], ['"properties"', false, 'properties.osType']);
  const cased = yaml.replace('        image: myregistry.azurecr.io/app:v1', '        Image: myregistry.azurecr.io/app:v1');
  const image = one(cased, 'web.aci.yaml', { code: 'InvalidRequestContent', message: "… 'Required property 'image' not found in JSON. Path 'properties.containers[0].properties', line 1, position 9.'." });
  assert.equal(image.text, 'myregistry.azurecr.io/app:v1');
});

test('InvalidOsType without a target lands on osType when the file has one', () => {
  const withOs = yaml.replace('properties:\n  containers:', 'properties:\n  osType: Linux\n  containers:');
  const loc = one(withOs, 'web.aci.yaml', { code: 'InvalidOsType', message: "The 'osType' for container group '<null>' is invalid. The value must be one of 'Windows,Linux'." });
  assert.deepEqual([loc.text, loc.placedBy, loc.exact], ['Linux', 'code', true]);
});

test('ResourceSomeRequestsNotSpecified: the missing request, placed on its parent when absent', () => {
  const loc = one(json, 'g.aci.json', {
    code: 'ResourceSomeRequestsNotSpecified',
    message: "The 'Cpu' request is not specified in 'MemoryInGB '1.5' Cpu ''' in container 'web' of contain group 'g'. It is required since API version '2017-07-01-preview'.",
  });
  assert.deepEqual([loc.text, loc.exact, loc.target], ['"requests"', false, 'properties.containers[0].properties.resources.requests.cpu']);
});

test('MultipleErrorsOccurred is read as one detail per error, with each message whole', () => {
  const message =
    "Multiple error occurred: 'BadRequest':'InaccessibleImage':'The image 'a:1' in container group 'g' is not accessible.';'BadRequest':'InvalidOsType':'The 'osType' for container group '<null>' is invalid.'.";
  const err = errorFromResponse({ status: 400, contentType: 'application/json', text: JSON.stringify({ error: { code: 'MultipleErrorsOccurred', message } }) });
  assert.deepEqual(err.details, [
    { code: 'InaccessibleImage', message: "The image 'a:1' in container group 'g' is not accessible." },
    { code: 'InvalidOsType', message: "The 'osType' for container group '<null>' is invalid." },
  ]);
  assert.equal(err.serviceMessage, message);
});

test('a path in additionalInfo places the problem', () => {
  const err = errorFromResponse({
    status: 400,
    contentType: 'application/json',
    text: JSON.stringify({ error: { code: 'Bad', message: 'no hint here', additionalInfo: [{ type: 'Field', info: { path: 'properties.ipAddress.type' } }] } }),
  });
  const loc = one(yaml, 'web.aci.yaml', err);
  assert.deepEqual([loc.text, loc.placedBy], ['Public', 'additionalInfo']);
});

test('a name the file does not have is no reason to pick another line; errors not about the request are not placed', () => {
  const stranger = one(yaml, 'web.aci.yaml', { code: 'InvalidContainerName', message: "The container name 'Other' in container group 'web' is invalid." });
  assert.deepEqual([stranger.text, stranger.placedBy], ['apiVersion', 'document']);
  for (const status of [401, 403, 429, 500, 503]) {
    const err = errorFromResponse({ status, contentType: 'application/json', text: JSON.stringify({ error: { code: 'C', message: 'm' } }) });
    assert.deepEqual(locateErrorTargets(yaml, 'web.aci.yaml', err), [], String(status));
  }
  assert.deepEqual(locateErrorTargets(yaml, 'web.aci.yaml', { kind: 'lro', code: 'OperationCanceled', message: 'canceled' }), []);
  assert.deepEqual(locateErrorTargets(yaml, 'web.aci.yaml', { kind: 'network', message: 'ECONNRESET' }), []);
});

test('in an ARM template the hints look inside the resource, and the top is the resource', () => {
  const tpl = JSON.stringify(
    { resources: [{ type: 'Microsoft.Storage/storageAccounts', name: 's' }, { type: 'Microsoft.ContainerInstance/containerGroups', name: 'g', properties: { osType: 'Solaris', containers: [{ name: 'web' }] } }] },
    null,
    2,
  );
  const [os] = locateErrorTargets(tpl, 't.json', { code: 'InvalidOsType', message: "The 'osType' for container group '<null>' is invalid." }, ['resources', 1]);
  assert.equal(at(tpl, os.range), '"Solaris"');
  const [top] = locateErrorTargets(tpl, 't.json', { code: 'Quota', message: 'exceeded' }, ['resources', 1]);
  assert.equal(at(tpl, top.range), '"type"');
  assert.ok(top.range.start > tpl.indexOf('"Microsoft.ContainerInstance/containerGroups"') - 20, 'on the container group resource, not the storage account');
});

test('a MultipleErrorsOccurred message past 64 KB is not split (its pattern would rescan it quadratically)', () => {
  const entry = "'BadRequest':'InvalidOsType':'The 'osType' is invalid.';";
  const message = `Multiple error occurred: ${entry.repeat(Math.ceil((70 * 1024) / entry.length))}`;
  const err = errorFromResponse({ status: 400, contentType: 'application/json', text: JSON.stringify({ error: { code: 'MultipleErrorsOccurred', message } }) });
  assert.equal(err.details, undefined);
  assert.equal(err.code, 'MultipleErrorsOccurred');
});
