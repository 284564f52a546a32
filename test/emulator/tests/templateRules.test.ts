// Where template functions may be used and what languageVersion 2.0 templates add, evaluated as a deployment would.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { Obj } from '../armTemplates/functions';
import { InvalidTemplate } from '../armTemplates/templateErrors';
import { TemplateRun } from '../armTemplates/templateRun';

const target = { subscriptionId: 'sub-1', tenantId: 'tenant-1', resourceGroup: 'rg-1', location: 'westeurope', deploymentName: 'd1' };

function run(template: Obj, parameters: Obj = {}): TemplateRun {
  const text = JSON.stringify({ properties: { mode: 'Incremental', template, parameters } }, null, 2);
  return new TemplateRun(template, parameters, text, target, { reference: () => undefined, list: () => undefined }, false);
}

function failure(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof InvalidTemplate) return e.inner;
    throw e;
  }
  throw new Error('expected InvalidTemplate');
}

const group = (name: string, extra: Obj = {}): Obj => ({ type: 'Microsoft.ContainerInstance/containerGroups', apiVersion: '2023-05-01', name, location: 'westeurope', properties: {}, ...extra });

describe('emulator: template function placement', () => {
  it('takes utcNow() and newGuid() in a parameter default value and refuses them elsewhere', () => {
    const r = run({ parameters: { stamp: { type: 'string', defaultValue: "[utcNow('yyyy')]" }, id: { type: 'string', defaultValue: '[newGuid()]' } }, resources: [] });
    assert.equal(r.parameters.get('stamp')?.value, String(new Date().getUTCFullYear()));
    assert.match(String(r.parameters.get('id')?.value), /^[0-9a-f-]{36}$/);
    assert.match(failure(() => run({ variables: { v: '[utcNow()]' }, resources: [] })), /^The template variable 'v' is not valid: The template function 'utcNow' is not expected at this location\./);
    assert.match(failure(() => run({ resources: [], outputs: { o: { type: 'string', value: '[newGuid()]' } } }).outputs()), /The template function 'newGuid' is not expected at this location\./);
  });

  it('refuses managementGroup() in a resource group deployment, lambdaVariables() outside a lambda and div() by zero', () => {
    assert.match(failure(() => run({ variables: { v: '[managementGroup()]' }, resources: [] })), /The template function 'managementGroup' is not expected at this location\./);
    assert.match(failure(() => run({ variables: { v: "[lambdaVariables('x')]" }, resources: [] })), /The lambda variable 'x' is not declared/);
    assert.match(failure(() => run({ variables: { v: '[div(1, 0)]' }, resources: [] })), /Unable to evaluate template language function 'div': the divisor must not be zero\./);
  });
});

describe('emulator: deployment()', () => {
  it("returns the reference's format for an inline template, the template as written and no secure value", () => {
    const template = {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      parameters: { who: { type: 'string' }, pw: { type: 'securestring' } },
      resources: [],
      outputs: { deploymentOutput: { type: 'object', value: '[deployment()]' } },
    };
    const out = run(template, { who: { value: 'me' }, pw: { value: 'pw-not-shown' } }).outputs().deploymentOutput as Obj;
    const d = out.value as Obj;
    assert.equal(d.name, 'd1');
    const props = d.properties as Obj;
    assert.deepEqual(Object.keys(props), ['template', 'templateHash', 'parameters', 'mode', 'provisioningState']);
    assert.deepEqual(props.template, { ...template, variables: {} });
    assert.match(String(props.templateHash), /^\d+$/);
    assert.deepEqual(props.parameters, { who: { value: 'me' }, pw: {} });
    assert.equal(props.mode, 'Incremental');
    assert.doesNotMatch(JSON.stringify(out), /pw-not-shown/);
  });
});

describe('emulator: languageVersion 2.0 templates', () => {
  it('orders resources by dependsOn on symbolic names and leaves existing resources out of the deployment', () => {
    const r = run({
      languageVersion: '2.0',
      resources: {
        web: group('web', { dependsOn: ['db', 'vnet'] }),
        db: group('db'),
        vnet: { type: 'Microsoft.Network/virtualNetworks', apiVersion: '2023-04-01', name: 'shared', existing: true, resourceGroup: 'rg-net' },
        off: group('off', { condition: false }),
      },
      outputs: { vnetId: { type: 'string', value: "[resourceId('rg-net', 'Microsoft.Network/virtualNetworks', 'shared')]" } },
    });
    assert.deepEqual(r.instances.map((i) => [i.symbolicName, i.name]), [['db', 'db'], ['web', 'web']]);
    assert.deepEqual(r.resourceBody(r.instances[1]), { type: 'Microsoft.ContainerInstance/containerGroups', apiVersion: '2023-05-01', name: 'web', location: 'westeurope', properties: {} });
  });

  it('gives a nullable parameter typed by a definition null when it is not supplied, and checks the definition type when it is', () => {
    const template = { languageVersion: '2.0', definitions: { lockType: { type: 'object' } }, parameters: { lock: { $ref: '#/definitions/lockType', nullable: true } }, resources: {} };
    assert.equal(run(template).parameters.get('lock')?.value, null);
    assert.match(failure(() => run(template, { lock: { value: 'CanNotDelete' } })), /Template parameter JToken type is not valid\. Expected 'Object'\. Actual 'String'\./);
  });

  it('answers references() of a resource collection with the state of each instance, in copy order', () => {
    const template = {
      languageVersion: '2.0',
      resources: { groups: group("[format('g{0}', copyIndex())]", { copy: { name: 'groups', count: 2 } }) },
      outputs: { names: { type: 'array', value: "[map(references('groups', 'full'), lambda('g', lambdaVariables('g').name))]" } },
    };
    const text = JSON.stringify({ properties: { mode: 'Incremental', template, parameters: {} } }, null, 2);
    const state = (id: string): Obj => ({ id, name: id.split('/').pop() ?? '' });
    const r = new TemplateRun(template, {}, text, target, { reference: (id) => state(id), list: () => undefined }, false);
    assert.deepEqual((r.outputs().names as Obj).value, ['g0', 'g1']);
  });

  it('still refuses resources as an object in a template without languageVersion 2.0', () => {
    assert.match(failure(() => run({ resources: { web: group('web') } })), /Required property 'resources' not found in JSON/);
  });
});
