// Which actions a container group's live state leaves open, its node's contextValue, and the menus that
// package.json shows for each contextValue.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { allowedActions, containerContextValue, groupContextValue } from '../../src/core/containerGroup/allowedActions';
import { readLiveGroup } from '../../src/core/containerGroup/liveState';
import type { LiveResult } from '../../src/core/deploy/liveFetch';
import { menuShows } from '../menuWhen';

const deployed = (provisioningState: string | undefined, state: string | undefined): LiveResult => {
  const resource = { properties: { provisioningState, instanceView: state === undefined ? undefined : { state, events: [] } } };
  return { deployed: true, group: readLiveGroup(resource), resource };
};

test('running: stop, restart, delete; stopped or terminated on its own: start, delete', () => {
  assert.deepEqual(allowedActions(deployed('Succeeded', 'Running')), ['stop', 'restart', 'delete']);
  for (const state of ['Stopped', 'Succeeded', 'Failed']) assert.deepEqual(allowedActions(deployed('Succeeded', state)), ['start', 'delete'], state);
});

test('still changing (provisioning not ended), or not deployed: only delete', () => {
  for (const p of ['Pending', 'Creating', 'Repairing', 'Deleting']) assert.deepEqual(allowedActions(deployed(p, 'Running')), ['delete'], p);
  assert.deepEqual(allowedActions({ deployed: false }), ['delete']);
});

test('a group whose deployment was canceled: only delete, whatever its instance view says', () => {
  for (const state of [undefined, 'Pending', 'Running', 'Stopped']) assert.deepEqual(allowedActions(deployed('Canceled', state)), ['delete'], String(state));
  assert.deepEqual(allowedActions(deployed('Cancelled', undefined)), ['delete']);
});

test('unknown: before the live state is read, or a state not listed, every action', () => {
  assert.deepEqual(allowedActions(undefined), ['start', 'stop', 'restart', 'delete']);
  assert.deepEqual(allowedActions(deployed('Succeeded', undefined)), ['start', 'stop', 'restart', 'delete']);
  assert.deepEqual(allowedActions(deployed('Failed', 'Pending')), ['start', 'stop', 'restart', 'delete']);
});

test('the contextValue keeps the containerGroup prefix and lists the open actions', () => {
  assert.equal(groupContextValue(undefined), 'containerGroup');
  assert.equal(groupContextValue(deployed('Succeeded', 'Running')), 'containerGroup.live.canStop.canRestart.canDelete');
  assert.equal(groupContextValue(deployed('Succeeded', 'Stopped')), 'containerGroup.live.canStart.canDelete');
  assert.equal(groupContextValue({ deployed: false }), 'containerGroup.live.canDelete');
});

test("package.json's item menus show each action exactly where the contextValue allows it, and every other group menu always", () => {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
  const menus: { command: string; when?: string }[] = manifest.contributes.menus['view/item/context'];
  const shown = (contextValue: string): string[] =>
    menus
      .filter((m) => /viewItem /.test(m.when ?? '') && menuShows(m.when, contextValue))
      .map((m) => m.command.replace('aciDataShare.', ''));
  const actions = (cv: string) => shown(cv).filter((c) => /ContainerGroup$/.test(c) && c !== 'removeContainerGroup');
  const others = (cv: string) => [...new Set(shown(cv).filter((c) => !actions(cv).includes(c)))];
  const all = ['startContainerGroup', 'stopContainerGroup', 'restartContainerGroup', 'deleteContainerGroup'];
  assert.deepEqual(actions('containerGroup'), all);
  assert.deepEqual(actions(groupContextValue(deployed('Succeeded', 'Running'))), ['stopContainerGroup', 'restartContainerGroup', 'deleteContainerGroup']);
  assert.deepEqual(actions(groupContextValue(deployed('Succeeded', 'Stopped'))), ['startContainerGroup', 'deleteContainerGroup']);
  assert.deepEqual(actions(groupContextValue({ deployed: false })), ['deleteContainerGroup']);
  for (const cv of [groupContextValue(deployed('Succeeded', 'Running')), groupContextValue({ deployed: false })]) {
    assert.deepEqual(others(cv), others('containerGroup'), cv);
  }
  assert.ok(others('containerGroup').includes('deploy') && others('containerGroup').includes('removeContainerGroup'));
  // A share subscription or container node shows no group action.
  assert.deepEqual(actions('shareSubscription'), []);
  assert.deepEqual(actions('container'), []);
});

test('containers offer Open Shell, Run Command, Download and Upload File and Folder and Show Live Output only where a session can open (or while that is unknown)', () => {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
  const menus: { command: string; when?: string }[] = manifest.contributes.menus['view/item/context'];
  const shown = (cv: string): string[] => [...new Set(menus.filter((m) => /viewItem /.test(m.when ?? '') && menuShows(m.when, cv)).map((m) => m.command.replace('aciDataShare.', '')))];
  const sessions = ['openShell', 'downloadFile', 'uploadFile', 'downloadFolder', 'uploadFolder', 'runCommand', 'showLiveOutput'];
  const offers = (init: boolean, group: string | undefined, container: string | undefined) => shown(containerContextValue(init, group, container));
  // Running group, running container; or nothing read yet: every container command.
  assert.deepEqual(offers(false, 'Running', 'Running'), ['showLogs', ...sessions, 'diagnose']);
  assert.deepEqual(offers(false, undefined, undefined), ['showLogs', ...sessions, 'diagnose']);
  assert.deepEqual(offers(false, 'running', 'running'), ['showLogs', ...sessions, 'diagnose'], 'read in any case');
  // A stopped group, or a container that has terminated or waits: the logs and Diagnose only.
  for (const [group, container] of [['Stopped', undefined], ['Stopped', 'Terminated'], ['Running', 'Terminated'], ['Running', 'Waiting'], ['Succeeded', 'Terminated']]) {
    assert.deepEqual(offers(false, group, container), ['showLogs', 'diagnose'], `${group}/${container}`);
  }
  // An init container: only while it runs, in a running group.
  assert.deepEqual(offers(true, 'Running', 'Running'), ['showLogs', ...sessions, 'diagnose']);
  assert.deepEqual(offers(true, 'Stopped', 'Running'), ['showLogs', 'diagnose']);
  assert.deepEqual(offers(true, 'Running', 'Terminated'), ['showLogs', 'diagnose']);
});
