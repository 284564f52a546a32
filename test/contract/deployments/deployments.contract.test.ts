// Replays the published Microsoft.Resources 2021-04-01 deployment examples (create, what-if, operations, cancel)
// through the product's deployment calls and readers over a real socket, and checks what a user would be shown.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../../src/core/arm/client';
import { cancelDeployment, listDeploymentOperations, putDeployment, whatIfDeployment, type DeploymentBody, type DeploymentRef } from '../../../src/core/templateDeploy/deployments';
import { deployedContainerGroups, failedOperations, operationStates } from '../../../src/core/templateDeploy/operations';
import { summarizeWhatIf } from '../../../src/core/templateDeploy/whatIfChanges';
import { StaticTokenProvider } from '../../unit/armHarness';
import { startReplay, type Fixture, type ReplayServer } from '../replayServer';
import operationsExamples from './operations-cancel-examples.json';
import putExample from './put-example.json';
import whatIfExample from './whatIf-example.json';

type DeploymentFixture = Fixture & { target: DeploymentRef };

/** Runs `use` against the fixture's exchanges; every request must be the next published one, and all are served. */
async function replay<T>(file: object, use: (client: ArmClient, fixture: DeploymentFixture) => Promise<T>): Promise<T> {
  const fixture = file as DeploymentFixture;
  assert.match(fixture.source, /commit [0-9a-f]{40}/, 'the fixture names its repository, path and commit');
  const server: ReplayServer = await startReplay(fixture);
  try {
    const client = new ArmClient({ endpoint: server.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'contract', timeoutMs: 5000, maxRetries: 0 });
    const result = await use(client, fixture);
    assert.deepEqual(server.mismatches, [], 'every request is the next one of the example');
    assert.equal(server.served(), fixture.exchanges.length, 'the whole example was replayed');
    return result;
  } finally {
    await server.close();
  }
}

const bodyOf = (fixture: DeploymentFixture): DeploymentBody => fixture.exchanges[0].request.body as DeploymentBody;

test('PostDeploymentWhatIfOnResourceGroup: the relative Location is followed on the ARM endpoint and the changes are shown', async () => {
  const summary = await replay(whatIfExample, async (client, fixture) => {
    const result = await whatIfDeployment(client, fixture.target, bodyOf(fixture), { defaultPollMs: 1 });
    return summarizeWhatIf(result);
  });
  assert.equal(summary.headline, '1 to create, 1 to modify');
  assert.deepEqual(summary.lines, [
    '+ Microsoft.ManagedIdentity/userAssignedIdentities/myNewIdentity (Create)',
    '    location: eastus',
    '~ Microsoft.ManagedIdentity/userAssignedIdentities/myExistingIdentity (Modify)',
    '    + tags.myNewTag: "my tag value"',
  ]);
});

test('PutDeploymentResourceGroup: 201 Accepted without a status URL, the deployment read until Succeeded', async () => {
  const progress: string[] = [];
  const result = await replay(putExample, (client, fixture) => putDeployment(client, fixture.target, bodyOf(fixture), { defaultPollMs: 1, onProgress: (p) => progress.push(p.status) }));
  assert.deepEqual(progress, ['Accepted', 'Succeeded']);
  assert.equal(result.polls, 1);
  assert.equal(result.resource.properties?.provisioningState, 'Succeeded');
  assert.deepEqual(deployedContainerGroups([], result.resource), [], 'a storage account is not a container group');
});

test('deployment operations (docs) and CancelDeployments: the failed operation and its error are read, the cancel is 204', async () => {
  const { operations, cancel } = await replay(operationsExamples, async (client, fixture) => ({
    operations: await listDeploymentOperations(client, fixture.target),
    cancel: await cancelDeployment(client, fixture.target),
  }));
  assert.deepEqual(operationStates(operations).map((s) => [s.resourceType, s.resourceName, s.state, s.operation]), [['Microsoft.Storage/storageAccounts', 'storage', 'Failed', 'Create']]);
  const failed = failedOperations(operations);
  assert.deepEqual(failed.map((f) => [f.resourceName, f.code, f.message]), [
    ['storage', 'InvalidAccountType', 'The AccountType Standard_LRS1 is invalid. For more information, see - https://aka.ms/storageaccountskus'],
  ]);
  assert.equal(cancel.status, 204);
});
