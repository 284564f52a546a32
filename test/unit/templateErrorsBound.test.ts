// A deployment error may carry thousands of details naming resources of a template of megabytes: placing them
// once blocked the extension host for over a minute. Resources are looked up once, and at most MAX_PLACED are placed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { locateFailedOperations, locateTemplateErrors, MAX_PLACED, notPlacedMessage } from '../../src/core/templateDeploy/templateErrors';
import { deploymentBody, readTemplate, sentText } from '../../src/core/templateDeploy/templateRequest';

const RESOURCES = 4000;
/** A template of about 4 MB: each resource named through a parameter, with a padded property. */
function bigTemplate(): string {
  const resources = Array.from({ length: RESOURCES }, (_, i) => ({
    type: 'Microsoft.ContainerInstance/containerGroups',
    apiVersion: '2023-05-01',
    name: `[parameters('name${i % 50}')]`,
    location: 'westeurope',
    properties: { containers: [{ name: `c${i}`, properties: { image: 'nginx', environmentVariables: [{ name: 'PAD', value: 'x'.repeat(900) }] } }], osType: 'Linux' },
  }));
  const parameters = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`name${i}`, { type: 'string', defaultValue: `group-${i}` }]));
  return JSON.stringify({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', contentVersion: '1.0.0.0', parameters, resources }, null, 1);
}

test('10,000 details naming resources of a 4 MB template are placed in bounded time, the rest counted', { timeout: 20_000 }, () => {
  const text = bigTemplate();
  assert.ok(text.length > 4_000_000, `${text.length}`);
  const sources = { templateText: text, templateFileName: 'big.json', sentBody: sentText(deploymentBody(readTemplate(text), {})) };
  const details = Array.from({ length: 10_000 }, (_, i) => ({ code: 'Bad', message: `The resource 'Microsoft.ContainerInstance/containerGroups/group-${i % 60}' is not valid (${i}).` }));
  const started = performance.now();
  const placed = locateTemplateErrors(sources, { kind: 'http', status: 400, code: 'InvalidTemplate', message: 'bad', details });
  const ms = performance.now() - started;
  assert.equal(placed.length, MAX_PLACED + 1);
  assert.equal(placed.at(-1)?.message, notPlacedMessage(10_000 - MAX_PLACED));
  assert.ok(ms < 5_000, `took ${Math.round(ms)} ms`);

  const failed = Array.from({ length: 10_000 }, (_, i) => ({
    resourceType: 'Microsoft.ContainerInstance/containerGroups',
    resourceName: `group-${i % 60}`,
    code: 'Failed',
    message: `failed ${i}`,
  }));
  const t2 = performance.now();
  const ops = locateFailedOperations(sources, failed as Parameters<typeof locateFailedOperations>[1]);
  const ms2 = performance.now() - t2;
  assert.equal(ops.length, MAX_PLACED + 1);
  assert.match(ops.at(-1)?.message ?? '', /^9800 more problems/);
  assert.ok(ms2 < 10_000, `took ${Math.round(ms2)} ms`);
  console.log(`placing: details ${Math.round(ms)} ms, failed operations ${Math.round(ms2)} ms`);
});
