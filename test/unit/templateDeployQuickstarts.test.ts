/**
 * The Azure Container Instances quickstarts (Azure/azure-quickstart-templates, quickstarts/microsoft.containerinstance/*,
 * copied in test/contract/armTemplates with their commits) deployed the way Deploy does it, over a real socket to the
 * emulator: the template and its own parameter file read by the product's code (GEN-* placeholders, the quickstart
 * repository's markers for values its CI generates, given test values as a user would), the editor's checks with
 * those values, a what-if that creates the group, then the deployment to Succeeded with the group among its operations.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readParameterFileValues } from '../../src/core/definition/parameterFiles';
import { deploymentNameFor, listDeploymentOperations, putDeployment, whatIfDeployment } from '../../src/core/templateDeploy/deployments';
import { deployedContainerGroups } from '../../src/core/templateDeploy/operations';
import { declaredParameters, parameterFileValues, planParameters } from '../../src/core/templateDeploy/parameters';
import { deploymentBody, deploysAsTemplate, readTemplate } from '../../src/core/templateDeploy/templateRequest';
import { summarizeWhatIf } from '../../src/core/templateDeploy/whatIfChanges';
import { validateText } from '../../src/core/validation';
import { startHarness, SUBSCRIPTION, type Harness } from './armHarness';

const ROOT = join(__dirname, '../../../test/contract/armTemplates/quickstarts');
// Those that need a resource made beforehand (their prereqs/ folder) are deployed by the emulator's own contract tests.
const DIRS = readdirSync(ROOT).filter((d) => !existsSync(join(ROOT, d, 'prereqs')));

/** The parameter file as a user fills it in: the quickstart CI's GEN-* markers replaced by plain values. */
function filled(text: string): string {
  let n = 0;
  return text
    .replace(/"GEN-UNIQUE-6"/g, () => `"gen${++n}ab"`)
    .replace(/"GEN-UNIQUE"/g, () => `"gen${++n}unique"`)
    .replace(/"GEN-PASSWORD"/g, '"Test-Passw0rd-not-real"')
    .replace(/"GEN-SELFSIGNED-CERT-PFXDATA"/g, `"${Buffer.from('not a real certificate').toString('base64')}"`)
    .replace(/"GEN-SELFSIGNED-CERT-PASSWORD"/g, '"pfx-password-not-real"');
}

describe('every ACI quickstart deploys with its own parameter file', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ lroPolls: 1 });
  });
  after(() => h.close());

  it('finds the quickstarts', () => assert.ok(DIRS.length >= 8, DIRS.join(', ')));

  for (const dir of DIRS) {
    it(dir, async () => {
      const text = readFileSync(join(ROOT, dir, 'azuredeploy.json'), 'utf8');
      const parametersText = filled(readFileSync(join(ROOT, dir, 'azuredeploy.parameters.json'), 'utf8'));
      const template = readTemplate(text);
      assert.equal(deploysAsTemplate(template), true, 'Deploy sends it as a template deployment');

      const errors = validateText(text, 'azuredeploy.json', readParameterFileValues(parametersText, 'azuredeploy.parameters.json')).findings.filter((f) => f.severity === 'error');
      assert.deepEqual(errors.map((f) => f.message), [], 'the editor finds no error with the parameter file');

      const plan = planParameters(declaredParameters(template), parameterFileValues(JSON.parse(parametersText)));
      assert.deepEqual(plan.missing.map((p) => p.name), [], 'the parameter file and the defaults give every value');
      const body = deploymentBody(template, plan.entries);
      const ref = { subscriptionId: SUBSCRIPTION, resourceGroup: `rg-${dir}`, deploymentName: deploymentNameFor('azuredeploy.json', new Date()) };

      const whatIf = summarizeWhatIf(await whatIfDeployment(h.client, ref, body, { defaultPollMs: 1 }));
      assert.ok(whatIf.lines.some((l) => /^\+ Microsoft\.ContainerInstance\/containerGroups\/\S+ \(Create\)$/.test(l)), whatIf.lines.join('\n'));

      const done = await putDeployment(h.client, ref, body, { defaultPollMs: 1 });
      assert.equal(done.resource.properties?.provisioningState, 'Succeeded');
      const groups = deployedContainerGroups(await listDeploymentOperations(h.client, ref), done.resource);
      assert.equal(groups.length, 1, groups.join(', '));
      assert.ok(whatIf.lines.includes(`+ Microsoft.ContainerInstance/containerGroups/${groups[0]} (Create)`), 'the group the what-if announced');
    });
  }
});
