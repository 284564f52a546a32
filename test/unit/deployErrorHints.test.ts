// Real Container Instances errors rarely carry a target: the problem is placed from a JSON path or a name
// quoted in the message, additionalInfo, or what the code is about; else on the top of the definition.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorFromResponse } from '../../src/core/arm/errors';
import { locateErrorTargets, type LocatableError } from '../../src/core/deploy/errorTargets';

const yaml = `name: web
location: westeurope
properties:
  osType: Linux
  containers:
    - name: app
      properties:
        image: registry.example/app:1
        resources:
          requests: { cpu: 1, memoryInGB: 6 }
          limits: { cpu: 0.5 }
    - name: sidecar
      properties:
        image: registry.example/side:2
        volumeMounts:
          - name: data
            mountPath: 'C:/data'
  volumes:
    - name: data
      emptyDir: {}
  ipAddress:
    type: Public
    dnsNameLabel: ab
    ports: [{ port: 80 }]
`;

const json = JSON.stringify(
  {
    location: 'westeurope',
    properties: {
      containers: [{ name: 'web', properties: { image: 'nginx', resources: { requests: { memoryInGB: 1.5 } } } }],
    },
  },
  null,
  2,
);

const at = (text: string, r: { start: number; end: number }) => text.slice(r.start, r.end);
const one = (text: string, file: string, error: LocatableError) => {
  const locs = locateErrorTargets(text, file, error);
  assert.equal(locs.length, 1, JSON.stringify(locs));
  return { ...locs[0], text: at(text, locs[0].range) };
};

test('a Newtonsoft path in an InvalidRequestContent message maps to the property', () => {
  const loc = one(yaml, 'web.aci.yaml', {
    code: 'InvalidRequestContent',
    message: "The request content was invalid and could not be deserialized: 'Invalid JavaScript property identifier character: ,. Path 'properties.containers[0].properties.resources.requests.memoryInGB', line 18, position 31.'.",
  });
  assert.deepEqual([loc.text, loc.exact, loc.placedBy, loc.target], ['6', true, 'message', 'properties.containers[0].properties.resources.requests.memoryInGB']);
});

test('a path without properties., in another case, still finds the property', () => {
  const loc = one(yaml, 'web.aci.yaml', { code: 'X', message: 'Bad value at Containers[1].Image here' });
  assert.equal(loc.text, 'registry.example/side:2');
  assert.equal(loc.exact, true);
});

test('"Required property … not found" points at the parent, or at the property when the file spells it in another case', () => {
  const message = "The request content was invalid and could not be deserialized: 'Required property 'osType' not found in JSON. Path 'properties', line 1, position 40.'.";
  const loc = one(json, 'g.aci.json', { code: 'InvalidRequestContent', message });
  assert.deepEqual([loc.text, loc.exact, loc.target], ['"properties"', false, 'properties.osType']);
  const cased = yaml.replace('        image: registry.example/app:1', '        Image: registry.example/app:1');
  const image = one(cased, 'web.aci.yaml', { code: 'InvalidRequestContent', message: "… 'Required property 'image' not found in JSON. Path 'properties.containers[0].properties', line 1, position 9.'." });
  assert.equal(image.text, 'registry.example/app:1');
});

test('InvalidOsType without a target lands on osType (or on properties when osType is missing)', () => {
  const message = "The 'osType' for container group '<null>' is invalid. The value must be one of 'Windows,Linux'.";
  const loc = one(yaml, 'web.aci.yaml', { code: 'InvalidOsType', message });
  assert.deepEqual([loc.text, loc.placedBy], ['Linux', 'code']);
  const missing = one(json, 'g.aci.json', { code: 'InvalidOsType', message });
  assert.deepEqual([missing.text, missing.exact], ['"properties"', false]);
});

test('resource request and limit codes land on the resources of the container the message names', () => {
  const all = one(json, 'g.aci.json', {
    code: 'ResourceSomeRequestsNotSpecified',
    message: "The 'Cpu' request is not specified in 'MemoryInGB '1.5' Cpu ''' in container 'web' of contain group 'g'. It is required since API version '2017-07-01-preview'.",
  });
  assert.deepEqual([all.text, all.exact, all.target], ['"requests"', false, 'properties.containers[0].properties.resources.requests.cpu']);
  const none = one(yaml, 'web.aci.yaml', {
    code: 'ResourceRequestsNotSpecified',
    message: "The resource requests are not specified in container 'sidecar' of contain group 'web'. Both memory and CPU requests are required since API version '2017-07-01-preview'.",
  });
  assert.deepEqual([none.text, none.exact], ['properties', false]);
  assert.equal(none.target, 'properties.containers[1].properties.resources.requests');
  assert.equal(yaml.slice(0, none.range.start).split('\n').length, 13, 'the sidecar\'s properties line');
  const limit = one(yaml, 'web.aci.yaml', {
    code: 'ResourceLimitsLessThanRequests',
    message: "The resource requirement '{\"requests\":{\"memoryInGB\":6.0,\"cpu\":1.0},\"limits\":{\"cpu\":0.5}}' in container 'app' of contain group 'web' is invalid. The 'Cpu' limit value must be greater than or equal to the request value.",
  });
  assert.deepEqual([limit.text, limit.exact], ['0.5', true]);
});

test('quoted names: an invalid container name, an inaccessible image, a DNS label, a mount path', () => {
  const name = one(yaml, 'web.aci.yaml', {
    code: 'InvalidContainerName',
    message: "The container name 'sidecar' in container group 'web' is invalid. The container name must contain no more than 63 characters and must match the regex '[a-z0-9]([-a-z0-9]*[a-z0-9])?' (e.g. 'my-name').",
  });
  assert.equal(name.text, 'sidecar');
  const image = one(yaml, 'web.aci.yaml', { code: 'InaccessibleImage', message: "The image 'registry.example/side:2' in container group 'web' is not accessible. Please check the image and registry credential." });
  assert.equal(image.text, 'registry.example/side:2');
  const label = one(yaml, 'web.aci.yaml', { message: "The DNS name label 'ab' in container group 'web' is invalid. It can contain only lowercase letters." });
  assert.deepEqual([label.text, label.placedBy], ['ab', 'name']);
  const mount = one(yaml, 'web.aci.yaml', { message: "The volume mount path cannot contain ':'" });
  assert.equal(mount.text, "'C:/data'");
});

test('MultipleErrorsOccurred becomes one detail per error, each on its own image', () => {
  const body = {
    error: {
      code: 'MultipleErrorsOccurred',
      message:
        "Multiple error occurred: 'BadRequest':'InaccessibleImage':'The image 'registry.example/app:1' in container group 'web' is not accessible. Please check the image and registry credential.';'BadRequest':'InaccessibleImage':'The image 'registry.example/side:2' in container group 'web' is not accessible. Please check the image and registry credential.'.",
    },
  };
  const err = errorFromResponse({ status: 400, contentType: 'application/json', text: JSON.stringify(body) });
  assert.deepEqual(err.details?.map((d) => d.code), ['InaccessibleImage', 'InaccessibleImage']);
  assert.match(err.details?.[1].message ?? '', /^The image 'registry\.example\/side:2' in container group 'web' is not accessible\. Please check the image and registry credential\.$/);
  const locs = locateErrorTargets(yaml, 'web.aci.yaml', err);
  assert.deepEqual(locs.map((l) => at(yaml, l.range)), ['registry.example/app:1', 'registry.example/side:2']);
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

test('a request error that points nowhere sits on the top of the file with its own words; others are not placed', () => {
  const quota = errorFromResponse({
    status: 400,
    contentType: 'application/json',
    text: JSON.stringify({ error: { code: 'ContainerGroupQuotaReached', message: "Resource type 'Microsoft.ContainerInstance/containerGroups' container group quota 'StandardCores' exceeded in region 'eastus'. Limit: '10', Usage: '10' Requested: '1'." } }),
  });
  const top = one(yaml, 'web.aci.yaml', quota);
  assert.deepEqual([top.text, top.placedBy, top.target], ['name', 'document', '']);
  assert.match(top.message, /^Resource type 'Microsoft\.ContainerInstance\/containerGroups' container group quota/);
  // A container the file does not have is no reason to pick another one.
  const stranger = one(yaml, 'web.aci.yaml', { code: 'InvalidContainerName', message: "The container name 'Other' in container group 'web' is invalid." });
  assert.equal(stranger.placedBy, 'document');
  for (const status of [401, 403, 429, 500, 503]) {
    const err = errorFromResponse({ status, contentType: 'application/json', text: JSON.stringify({ error: { code: 'C', message: 'm' } }) });
    assert.deepEqual(locateErrorTargets(yaml, 'web.aci.yaml', err), [], String(status));
  }
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
  assert.ok(top.range.start > tpl.indexOf('Microsoft.ContainerInstance') - 20, 'on the container group resource, not the storage account');
});
