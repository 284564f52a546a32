/**
 * A template deployment's errors placed where they belong. The error shapes are Azure's: InvalidTemplate with a
 * TemplateViolation additionalInfo {lineNumber, linePosition, path} and "at line '1' and column 'N'" of the request
 * as received (radius-project/samples#532, microsoft/vscode-azurearmtools#816), parameter errors naming the parameter,
 * and a failed deployment operation's statusMessage.error on its target resource.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failedOperations } from '../../src/core/templateDeploy/operations';
import { deploymentBody, readTemplate, sentText } from '../../src/core/templateDeploy/templateRequest';
import { locateFailedOperations, locateTemplateErrors } from '../../src/core/templateDeploy/templateErrors';
import type { LocatableError } from '../../src/core/deploy/errorTargets';

const TEMPLATE = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#",
  "contentVersion": "1.0.0.0",
  "parameters": {
    "groupName": { "type": "string" },
    "cpu": { "type": "int", "defaultValue": 1 }
  },
  "resources": [
    {
      "type": "Microsoft.ContainerInstance/containerGroups",
      "apiVersion": "2023-05-01",
      "name": "[parameters('groupName')]",
      "location": "[resourceGroup().location]",
      "properties": {
        "containers": [{ "name": "web", "properties": { "image": "[concat('nginx', nosuchfunction())]", "resources": { "requests": { "cpu": "[parameters('cpu')]", "memoryInGB": 1.5 } } } }],
        "osType": "Linux"
      }
    }
  ]
}`;
const PARAMS = `{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",
  "contentVersion": "1.0.0.0",
  "parameters": {
    "groupName": { "value": "web" }
  }
}`;

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;
const sent = sentText(deploymentBody(readTemplate(TEMPLATE), { groupName: { value: 'web' } }));
const sources = { templateText: TEMPLATE, templateFileName: 'web.json', parametersText: PARAMS, sentBody: sent, parameterValues: { groupName: 'web' } };

/** ARM's InvalidTemplate answer with a TemplateViolation at `path`, line and column of the request body. */
const violation = (message: string, path: string, lineNumber: number, linePosition: number): LocatableError => ({
  kind: 'http',
  status: 400,
  code: 'InvalidTemplate',
  message,
  additionalInfo: [{ type: 'TemplateViolation', info: { lineNumber, linePosition, path } }],
});

test("line and column of the body as sent ('1', N) land on that place of the template file", () => {
  // Azure's column is the element's first character (vscode-azurearmtools#531): here the image expression's string.
  const at = sent.indexOf('"[concat(');
  const message = `Deployment template validation failed: 'The template resource '[parameters('groupName')]' at line '1' and column '${at + 1}' is not valid: The template function 'nosuchfunction' is not valid.'`;
  const placed = locateTemplateErrors(sources, violation(message, '', 1, at + 1));
  assert.equal(placed.length, 1);
  assert.equal(placed[0].file, 'template');
  assert.equal(lineOf(TEMPLATE, placed[0].range.start), 15);
  assert.equal(TEMPLATE.slice(placed[0].range.start, placed[0].range.end), '"[concat(\'nginx\', nosuchfunction())]"');
});

test('a failure placed on its resource that names the function lands on the string calling it', () => {
  // The resource's position as Azure gives it: its opening brace in the body as sent (vscode-azurearmtools#531).
  const column = sent.indexOf('{"type":"Microsoft.ContainerInstance/containerGroups"') + 1;
  const message = `Deployment template validation failed: 'The template resource 'web' at line '1' and column '${column}' is not valid: The template function 'nosuchfunction' is not valid. Please see https://aka.ms/arm-template-expressions for usage details.'.`;
  const placed = locateTemplateErrors(sources, violation(message, 'resources[0]', 1, column));
  assert.equal(lineOf(TEMPLATE, placed[0].range.start), 15);
  assert.ok(TEMPLATE.slice(placed[0].range.start, placed[0].range.end).includes('nosuchfunction()'));
  const unrelated = locateTemplateErrors(sources, violation(message.replace(/nosuchfunction/g, 'concatx'), 'resources[0]', 1, column));
  assert.equal(lineOf(TEMPLATE, unrelated[0].range.start), 10, 'a function the resource does not call: the resource');
});

test('a TemplateViolation path in the template lands on that node; a parameter value the message is about, in the parameter file', () => {
  const value = locateTemplateErrors(sources, violation(
    "Deployment template validation failed: 'The template parameter 'groupName' at line '1' and column '300' is not valid: Template parameter JToken type is not valid.'",
    'parameters.groupName',
    1,
    300,
  ));
  assert.equal(value[0].file, 'parameters');
  const full = locateTemplateErrors(sources, violation(
    "Deployment template validation failed: 'The provided value for the template parameter 'groupName' at line '1' and column '200' is not valid. Value should be less than or equal to '3'.'",
    'properties.template.parameters.groupName',
    1,
    200,
  ));
  assert.equal(full[0].file, 'parameters', 'a request-body path to the declaration: the value in the parameter file');
  const resource = locateTemplateErrors(sources, violation('bad', 'resources[0]', 0, 0));
  assert.equal(lineOf(TEMPLATE, resource[0].range.start), 10, "on the resource's first line inside its braces");
  const placed = locateTemplateErrors(sources, violation('bad', 'properties.template.resources[0].location', 0, 0));
  assert.equal(lineOf(TEMPLATE, placed[0].range.start), 13);
});

test('a parameter error lands on the parameter: in the parameter file when it gives it, else on its declaration', () => {
  const inFile = locateTemplateErrors(sources, { kind: 'http', status: 400, code: 'InvalidTemplate', message: "Deployment template validation failed: 'The provided value for the template parameter 'groupName' is not valid.'" });
  assert.equal(inFile[0].file, 'parameters');
  assert.equal(lineOf(PARAMS, inFile[0].range.start), 5);
  const declared = locateTemplateErrors(sources, { kind: 'http', status: 400, code: 'InvalidTemplateDeployment', message: "The value of parameter 'cpu' is out of range." });
  assert.equal(declared[0].file, 'template');
  assert.equal(lineOf(TEMPLATE, declared[0].range.start), 6);
});

test("a failed operation's error lands on its resource (found through [parameters('groupName')]), on the property it names", () => {
  const failed = failedOperations([
    {
      properties: {
        provisioningOperation: 'Create',
        provisioningState: 'Failed',
        statusCode: 'BadRequest',
        statusMessage: { status: 'Failed', error: { code: 'InaccessibleImage', message: "The image 'nginxx' in container group 'web' is not accessible." } },
        targetResource: { id: '/subscriptions/s/resourceGroups/r/providers/Microsoft.ContainerInstance/containerGroups/web', resourceType: 'Microsoft.ContainerInstance/containerGroups', resourceName: 'web' },
      },
    },
  ]);
  const placed = locateFailedOperations(sources, failed);
  assert.equal(placed.length, 1);
  assert.match(placed[0].message, /^containerGroups\/web: The image/);
  // The image it quotes is the evaluated expression, which the file does not hold: the resource itself.
  assert.equal(lineOf(TEMPLATE, placed[0].range.start), 9);
  const named = locateFailedOperations(sources, [{ ...failed[0], details: [{ code: 'InvalidCpu', message: 'cpu too high', target: 'properties.containers[0].properties.resources.requests.cpu' }] }]);
  assert.equal(lineOf(TEMPLATE, named[0].range.start), 15, 'on the property its detail names');
});

test('an error that names no place lands on the top of the template', () => {
  const placed = locateTemplateErrors(sources, { kind: 'http', status: 400, code: 'InvalidTemplate', message: 'Something is wrong.' });
  assert.equal(placed[0].placedBy, 'document');
  assert.equal(lineOf(TEMPLATE, placed[0].range.start), 2);
});
