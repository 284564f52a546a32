// The ARM status vocabulary: each field's published values read in any case, and ARM's one rule for what has ended,
// as every reader (LRO, deployments and their operations, what-if, live state, actions) now decides through it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isEnded, phaseOf, readChangeType, readContainerState, readDeploymentState, readGroupState, readLroStatus, readPropertyChangeType } from '../../src/core/arm/armStates';
import { allowedActions } from '../../src/core/containerGroup/allowedActions';
import { containerTone, readLiveGroup } from '../../src/core/containerGroup/liveState';
import { isTerminalState, pollStatus } from '../../src/core/arm/lroOutcome';
import { deployedContainerGroups, failedOperations, progressText } from '../../src/core/templateDeploy/operations';
import { summarizeWhatIf } from '../../src/core/templateDeploy/whatIfChanges';

test('values read in their canonical spelling whatever the case; values outside a field are not guessed', () => {
  assert.equal(readLroStatus('succeeded'), 'Succeeded'); // PostDeploymentWhatIfOnResourceGroup's spelling
  assert.equal(readLroStatus('INPROGRESS'), 'InProgress');
  assert.equal(readDeploymentState('cancelled'), 'Canceled');
  assert.equal(readGroupState('stopped'), 'Stopped');
  assert.equal(readContainerState('terminated'), 'Terminated');
  assert.equal(readChangeType('nochange'), 'NoChange');
  assert.equal(readPropertyChangeType('noeffect'), 'NoEffect');
  assert.equal(readContainerState('Stopped'), undefined);
  assert.equal(readChangeType(42), undefined);
});

test('ARM rule: Succeeded, Failed, Canceled end an operation in any case; every other value still runs', () => {
  assert.deepEqual(['Succeeded', 'failed', 'CANCELED', 'Cancelled'].map(phaseOf), ['succeeded', 'failed', 'canceled', 'canceled']);
  assert.deepEqual(['Accepted', 'Running', 'InProgress', 'Pending', 'Creating', 'Deleting', 'SomethingNew'].map(phaseOf), Array(7).fill('inProgress'));
  assert.equal(phaseOf(undefined), undefined);
  assert.equal(phaseOf('  '), undefined);
  assert.deepEqual(['succeeded', 'Running'].map(isEnded), [true, false]);
  assert.deepEqual(['succeeded', 'Running'].map(isTerminalState), [true, false]);
  const poll = (status: unknown) => ({ status: 200, headers: {}, body: { status }, durationMs: 1 });
  assert.deepEqual(['succeeded', 'inprogress', 'Provisioning'].map((s) => pollStatus('async', poll(s))), ['Succeeded', 'InProgress', 'Provisioning']);
});

test('deployment operations: a lower-case state reads like the published one', () => {
  const op = (state: string, name: string) => ({ properties: { provisioningOperation: 'Create', provisioningState: state, targetResource: { resourceType: 'Microsoft.ContainerInstance/containerGroups', resourceName: name }, statusMessage: { error: { code: 'X', message: 'm' } } } });
  const ops = [op('failed', 'a'), op('succeeded', 'b'), op('running', 'c')];
  assert.deepEqual(failedOperations(ops).map((f) => f.resourceName), ['a']);
  assert.deepEqual(deployedContainerGroups(ops), ['b']);
  assert.equal(progressText(ops.map((o) => ({ resourceType: o.properties.targetResource.resourceType, resourceName: o.properties.targetResource.resourceName, state: o.properties.provisioningState }))).split(' · ')[0], 'containerGroups/c: running');
});

test('what-if: change types in any case get their symbol and order', () => {
  const summary = summarizeWhatIf({ properties: { changes: [{ resourceId: '/x/providers/A/b/one', changeType: 'nochange' }, { resourceId: '/x/providers/A/b/two', changeType: 'create' }] } });
  assert.equal(summary.headline, '1 to create, 1 unchanged');
  assert.deepEqual(summary.lines, ['+ A/b/two (Create)', '= A/b/one (NoChange)']);
});

test('live state and actions: a group and its containers read the same in any case', () => {
  const live = readLiveGroup({ properties: { provisioningState: 'succeeded', instanceView: { state: 'stopped' }, containers: [{ name: 'app', properties: { instanceView: { currentState: { state: 'terminated', exitCode: 0 } } } }] } });
  assert.deepEqual([live.provisioningState, live.state, live.containers[0].current?.state], ['Succeeded', 'Stopped', 'Terminated']);
  assert.deepEqual(allowedActions({ deployed: true, group: { provisioningState: 'succeeded', state: 'RUNNING' } }), ['stop', 'restart', 'delete']);
  assert.deepEqual(allowedActions({ deployed: true, group: { provisioningState: 'creating', state: 'Running' } }), ['delete']);
  assert.equal(containerTone(live.containers[0]), 'done');
});
