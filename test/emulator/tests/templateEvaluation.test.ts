// The template evaluator on its own: functions, copy loops, conditions and the errors ARM words for templates.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { TemplateRun } from '../armTemplates/templateRun';
import { InvalidTemplate } from '../armTemplates/templateErrors';
import type { Obj } from '../armTemplates/functions';

const target = { subscriptionId: 'sub-1', tenantId: 'tenant-1', resourceGroup: 'rg-1', location: 'westeurope', deploymentName: 'd1' };
const noResources = { reference: () => undefined, list: () => undefined };

function run(template: Obj, parameters: Obj = {}, deferRuntime = false): TemplateRun {
  const text = JSON.stringify({ properties: { mode: 'Incremental', template, parameters } }, null, 2);
  return new TemplateRun(template, parameters, text, target, noResources, deferRuntime);
}

function output(expr: string, extra: Obj = {}): unknown {
  const r = run({ resources: [], outputs: { o: { type: 'object', value: expr } }, ...extra });
  return (r.outputs().o as Obj).value;
}

function invalid(f: () => unknown): InvalidTemplate {
  try {
    f();
  } catch (e) {
    if (e instanceof InvalidTemplate) return e;
    throw e;
  }
  throw new Error('expected InvalidTemplate');
}

describe('emulator: template evaluation', () => {
  it('evaluates string, logic, number and array functions as the ARM function reference describes them', () => {
    assert.equal(output("[format('{0}-{1}', 'a', 2)]"), 'a-2');
    assert.equal(output("[concat('a', 'b', string(3))]"), 'ab3');
    assert.deepEqual(output('[concat(createArray(1, 2), createArray(3))]'), [1, 2, 3]);
    assert.equal(output("[toUpper(substring('hello', 1, 3))]"), 'ELL');
    assert.equal(output("[if(equals(length('abc'), 3), 'yes', notAFunction())]"), 'yes');
    assert.equal(output("[int('42')]"), 42);
    assert.deepEqual(output('[json(\'{"a":[1]}\')]'), { a: [1] });
    assert.equal(output("[json('{\"a\":{\"B\":5}}').a.b]"), 5);
    assert.equal(output("[resourceGroup().location]"), 'westeurope');
    assert.equal(output("[subscription().subscriptionId]"), 'sub-1');
    assert.match(String(output('[uniqueString(resourceGroup().id)]')), /^[a-z2-7]{13}$/);
    assert.equal(output("[guid('a', 'b')]"), output("[guid('a', 'b')]"));
    assert.match(String(output("[guid('a')]")), /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(output("[resourceId('Microsoft.Network/virtualNetworks/subnets', 'vnet', 'sub')]"), '/subscriptions/sub-1/resourceGroups/rg-1/providers/Microsoft.Network/virtualNetworks/vnet/subnets/sub');
    assert.equal(output("[[not an expression]"), '[not an expression]');
  });

  it('expands resource copy loops, property copy and variable copy', () => {
    const r = run({
      variables: { copy: [{ name: 'ports', count: 2, input: "[add(8080, copyIndex('ports'))]" }] },
      resources: [
        {
          type: 'Microsoft.ContainerInstance/containerGroups',
          name: "[concat('web-', copyIndex(1))]",
          apiVersion: '2023-05-01',
          location: 'westeurope',
          copy: { name: 'groups', count: 2 },
          properties: { copy: [{ name: 'containers', count: 2, input: { name: "[concat('c', copyIndex('containers'))]", port: "[variables('ports')[copyIndex('containers')]]" } }] },
        },
      ],
    });
    assert.deepEqual(r.instances.map((i) => i.name), ['web-1', 'web-2']);
    const body = r.resourceBody(r.instances[1]);
    assert.deepEqual(body.properties, { containers: [{ name: 'c0', port: 8080 }, { name: 'c1', port: 8081 }] });
  });

  it('orders resources after what they dependsOn and skips those whose condition is false', () => {
    const r = run({
      parameters: { withExtra: { type: 'bool', defaultValue: false } },
      resources: [
        { type: 'Microsoft.Storage/storageAccounts', name: 'late', apiVersion: '2023-01-01', dependsOn: ["[resourceId('Microsoft.Network/virtualNetworks', 'early')]"] },
        { type: 'Microsoft.Network/virtualNetworks', name: 'early', apiVersion: '2023-01-01' },
        { type: 'Microsoft.Network/publicIPAddresses', name: 'extra', apiVersion: '2023-01-01', condition: "[parameters('withExtra')]" },
      ],
    });
    assert.deepEqual(r.instances.map((i) => i.name), ['early', 'late']);
    const dependent = { type: 'Microsoft.Storage/storageAccounts', name: 'st', apiVersion: '2023-01-01', dependsOn: ['extra'] };
    assert.equal(run({ resources: [dependent, { type: 'Microsoft.Network/publicIPAddresses', name: 'extra', apiVersion: '2023-01-01', condition: false }] }).instances.length, 1);
    assert.match(invalid(() => run({ resources: [dependent] })).inner, /^The resource 'extra' is not defined in the template\./);
    const byId = { ...dependent, dependsOn: ["[resourceId('Microsoft.Web/sites', 'func-xyz')]"] };
    const missing = invalid(() => run({ resources: [byId] }));
    assert.equal(missing.inner, "The resource 'Microsoft.Web/sites/func-xyz' is not defined in the template. Please see https://aka.ms/arm-template for usage details.");
    assert.deepEqual(missing.toArmError().additionalInfo?.[0].info, { lineNumber: 0, linePosition: 0, path: '' });
  });

  it("answers copyIndex() outside a loop and a wrong argument count in Azure's words", () => {
    const outside = invalid(() => run({ resources: [{ type: 'Microsoft.Storage/storageAccounts', name: '[string(copyIndex())]', apiVersion: '2023-01-01' }] }));
    assert.match(outside.inner, /The function can only be used in a resource with copy specified\./);
    const count = invalid(() => run({ resources: [], variables: { v: "[toLower('a', 'b')]" } }));
    // A variable's message names no line; its place (the end of its string, as JSON.NET reports a token) is in additionalInfo.
    assert.match(count.inner, /^The template variable 'v' is not valid: Unable to evaluate template language function 'toLower': function requires 1 argument\(s\) while 2 were provided\./);
    const text = JSON.stringify({ properties: { mode: 'Incremental', template: { resources: [], variables: { v: "[toLower('a', 'b')]" } }, parameters: {} } }, null, 2);
    const line = text.split('\n').findIndex((l) => l.includes('"v":'));
    const end = text.split('\n')[line].length;
    assert.deepEqual(count.toArmError().additionalInfo?.[0].info, { lineNumber: line + 1, linePosition: end, path: 'properties.template.variables.v' });
  });

  it('checks parameter types and names against the template', () => {
    const template = { parameters: { port: { type: 'int' } }, resources: [] };
    assert.equal(
      invalid(() => run(template, { port: { value: '80' } })).inner,
      "Template parameter JToken type is not valid. Expected 'Integer'. Actual 'String'. Please see https://aka.ms/resource-manager-parameter-files for usage details.",
    );
    assert.match(
      invalid(() => run(template, { port: { value: 80 }, extra: { value: 1 } })).inner,
      /^The template parameters 'extra' in the parameters file are not valid; they are not present in the original template and can therefore not be provided at deployment time\. The only supported parameters for this template are 'port'\./,
    );
  });

  it('checks minLength, maxLength, minValue and maxValue', () => {
    const template = { parameters: { name: { type: 'string', minLength: 3, maxLength: 5 }, count: { type: 'int', minValue: 1, maxValue: 3 } }, resources: [] };
    assert.match(invalid(() => run(template, { name: { value: 'ab' }, count: { value: 1 } })).inner, /^The provided value for the template parameter 'name' at line '\d+' and column '\d+' is not valid\. Length of the value should be greater than or equal to '3'\./);
    assert.match(invalid(() => run(template, { name: { value: 'abcdef' }, count: { value: 1 } })).inner, /Length of the value should be less than or equal to '5'\./);
    assert.match(invalid(() => run(template, { name: { value: 'abc' }, count: { value: 4 } })).inner, /Value should be less than or equal to '3'\./);
    assert.equal(run(template, { name: { value: 'abc' }, count: { value: 3 } }).parameters.get('count')?.value, 3);
  });

  it('keeps reference() of a resource not deployed yet, and secure values, as written in a what-if', () => {
    const template = {
      parameters: { secret: { type: 'securestring' } },
      resources: [{ type: 'Microsoft.Storage/storageAccounts', name: 'st', apiVersion: '2023-01-01', properties: { key: "[listKeys('st', '2023-01-01').keys[0].value]", pass: "[concat('x', parameters('secret'))]" } }],
    };
    const r = run(template, { secret: { value: 'hunter2' } }, true);
    assert.deepEqual(r.resourceBody(r.instances[0]).properties, { key: "[listKeys('st', '2023-01-01').keys[0].value]", pass: "[concat('x', parameters('secret'))]" });
  });
});
