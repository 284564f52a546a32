/**
 * A template deploy's confirmation and log never show part of a secret: what-if values and parameter values are
 * redacted before they are shortened (a secret cut in two no longer matches a later redaction), defaults that held
 * a `{{secret:NAME}}` placeholder are not shown, and a `string` parameter the template puts in a secret field
 * counts as secret. The what-if delta's shape (an Array change whose children are indexed) is that of
 * Microsoft.Resources/deployments/whatIf as documented in azure-rest-api-specs (WhatIfPropertyChange).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactText } from '../../src/core/arm/redact';
import { isSecretParameter, secretFieldParameters, shortValue, shownDefault } from '../../src/core/templateDeploy/parameterDisplay';
import { declaredParameters } from '../../src/core/templateDeploy/parameters';
import { summarizeWhatIf } from '../../src/core/templateDeploy/whatIfChanges';

const TOKEN = 'Sup3rS3cretTokenValue1234567890abcdef';
const GROUP_ID = '/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg/providers/Microsoft.ContainerInstance/containerGroups/hook';

test('a what-if value with a secret across the cut shows none of it, even after the later redaction', () => {
  // The secret starts before the 80-character cut and ends after it.
  const command = `curl -s --retry 3 -X POST -H "Authorization: Bearer ${TOKEN}" https://hooks.example.com/notify`;
  assert.ok(command.indexOf(TOKEN) < 79 && command.indexOf(TOKEN) + TOKEN.length > 79);
  const result = {
    properties: {
      changes: [
        {
          resourceId: GROUP_ID,
          changeType: 'Modify',
          delta: [
            {
              path: 'properties.containers[0].properties.command',
              propertyChangeType: 'Array',
              children: [{ path: '2', propertyChangeType: 'Modify', before: command.replace(TOKEN, 'old'), after: command }],
            },
          ],
        },
      ],
    },
  };
  const secrets = [TOKEN];
  // What the log, the confirmation and TemplateRun.facts() show: the lines, redacted once more.
  const shown = summarizeWhatIf(result, secrets).lines.map((l) => redactText(l, secrets)).join('\n');
  assert.ok(shown.includes('Bearer ***'), shown);
  assert.ok(!shown.includes(TOKEN.slice(0, 4)), `part of the secret is shown: ${shown}`);
});

test('a parameter value is redacted before it is shortened', () => {
  // A secret not behind a secret field's name (which redaction would hide anyway), across the 60-character cut.
  const value = `--notify https://hooks.example.com/builds --sign-with ${TOKEN} --retry 3`;
  assert.ok(value.indexOf(TOKEN) < 59 && value.indexOf(TOKEN) + TOKEN.length > 59);
  const shown = redactText(shortValue(value, [TOKEN]), [TOKEN]);
  assert.ok(shown.length <= 60);
  assert.ok(!shown.includes(TOKEN.slice(0, 4)), shown);
  assert.equal(shortValue('short', [TOKEN]), 'short');
});

// A template whose connection string default holds a placeholder, and plain `string` parameters used in secret fields.
const TEMPLATE = {
  parameters: {
    connection: { type: 'string', defaultValue: 'Server=tcp:db.example.com;Password={{secret:pw}}' },
    apiKey: { type: 'string' },
    registryPassword: { type: 'String' },
    image: { type: 'string', defaultValue: 'mcr.microsoft.com/azuredocs/aci-helloworld' },
  },
  variables: { registryPassword: "[parameters('registryPassword')]" },
  resources: [
    {
      type: 'Microsoft.ContainerInstance/containerGroups',
      name: 'web',
      properties: {
        containers: [
          {
            name: 'web',
            properties: {
              image: "[parameters('image')]",
              environmentVariables: [
                { name: 'API_KEY', secureValue: "[parameters( 'ApiKey' )]" },
                { name: 'IMAGE', value: "[parameters('image')]" },
              ],
            },
          },
        ],
        imageRegistryCredentials: [{ server: 'r.example.com', username: 'u', password: "[variables('registryPassword')]" }],
      },
    },
  ],
};

test('a string parameter the template puts in a secret field is secret; one used elsewhere is not', () => {
  const fields = secretFieldParameters(TEMPLATE);
  assert.deepEqual([...fields].sort(), ['apikey', 'registrypassword']);
  const byName = new Map(declaredParameters(TEMPLATE).map((p) => [p.name, p]));
  assert.equal(isSecretParameter(byName.get('apiKey')!, fields), true);
  assert.equal(isSecretParameter(byName.get('registryPassword')!, fields), true);
  assert.equal(isSecretParameter(byName.get('image')!, fields), false);
});

test('a default that held a placeholder is never shown; a plain default is', () => {
  const byName = new Map(declaredParameters(TEMPLATE).map((p) => [p.name, p]));
  assert.equal(shownDefault(byName.get('connection')!, false, []), undefined);
  assert.equal(shownDefault(byName.get('image')!, false, []), 'mcr.microsoft.com/azuredocs/aci-helloworld');
  assert.equal(shownDefault(byName.get('image')!, true, []), undefined);
});
