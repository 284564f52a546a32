// Containers_ListLogs end to end over real sockets: the request the core sends (path, api-version, tail,
// timestamps) and the emulator's answers as the service gives them (content, tail, growth, init containers, 404s).
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { getContainerLogs } from '../../src/core/containerGroup/logsRequest';
import { putContainerGroup } from '../../src/core/services/containerGroups';
import { LogFollower } from '../../src/core/containerGroup/logsFollower';
import { LOG_LINE_MS, logContent } from '../emulator/containerGroupLogs';
import type { StoredGroup } from '../emulator/containerGroupView';
import { json, rejectsWith, startFixture, startHarness, StaticTokenProvider, SUBSCRIPTION, validGroupBody, type Harness } from './armHarness';
import { ArmClient } from '../../src/core/arm/client';

const RFC3339_LINE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z \S/;

describe('container logs request', () => {
  it('GETs …/containers/{name}/logs with api-version, tail and timestamps, and returns content', async () => {
    const fixture = await startFixture((_req, _body, res) => json(res, 200, { content: 'log content' }));
    try {
      const client = new ArmClient({ endpoint: fixture.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', retryBaseDelayMs: 1 });
      const content = await getContainerLogs(client, { group: { subscriptionId: 'subid', resourceGroup: 'demo', name: 'demo1' }, containerName: 'container 1', tail: 10, timestamps: true });
      assert.equal(content, 'log content');
      const url = new URL(fixture.hits[0].url, fixture.url);
      assert.equal(fixture.hits[0].method, 'GET');
      assert.equal(url.pathname, '/subscriptions/subid/resourceGroups/demo/providers/Microsoft.ContainerInstance/containerGroups/demo1/containers/container%201/logs');
      assert.deepEqual(Object.fromEntries(url.searchParams), { 'api-version': '2023-05-01', tail: '10', timestamps: 'true' });
    } finally {
      await fixture.close();
    }
  });

  it('refuses a reply that is not {content: string}', async () => {
    const fixture = await startFixture((_req, _body, res) => json(res, 200, { content: 42 }));
    try {
      const client = new ArmClient({ endpoint: fixture.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua' });
      const err = await rejectsWith(getContainerLogs(client, { group: { subscriptionId: 's', resourceGroup: 'r', name: 'g' }, containerName: 'c' }));
      assert.equal(err.kind, 'parse');
    } finally {
      await fixture.close();
    }
  });
});

describe('emulator: container logs', () => {
  let h: Harness;
  const group = { subscriptionId: SUBSCRIPTION, resourceGroup: 'rg-logs', name: 'logs-web' };
  before(async () => {
    h = await startHarness();
    const body = validGroupBody() as { properties: Record<string, unknown> };
    body.properties.initContainers = [{ name: 'setup', properties: { image: 'busybox:1.36' } }];
    await putContainerGroup(h.client, group, body, { defaultPollMs: 1 });
  });
  after(() => h.close());

  it('answers the last N lines with RFC 3339 times, without them when not asked', async () => {
    const timed = await getContainerLogs(h.client, { group, containerName: 'app', tail: 2, timestamps: true });
    const lines = timed.split('\n');
    assert.equal(lines.pop(), '', 'each line ends with a newline');
    assert.equal(lines.length, 2);
    for (const l of lines) assert.match(l, RFC3339_LINE);
    const plain = await getContainerLogs(h.client, { group, containerName: 'app' });
    assert.match(plain, /^Starting app \(nginx:latest\)\n/);
    assert.doesNotMatch(plain, /^\d{4}-/m);
  });

  it('serves the init container its own finished log', async () => {
    const init = await getContainerLogs(h.client, { group, containerName: 'setup', timestamps: false });
    assert.equal(init.split('\n').filter(Boolean).length, 3);
    assert.match(init, /exiting with code 0/);
  });

  it('404s an unknown group and an unknown container in the service words', async () => {
    const noGroup = await rejectsWith(getContainerLogs(h.client, { group: { ...group, name: 'nope' }, containerName: 'app', maxRetries: 0 }));
    assert.equal(noGroup.status, 404);
    assert.equal(noGroup.code, 'ResourceNotFound');
    assert.match(noGroup.message, /The Resource 'Microsoft\.ContainerInstance\/containerGroups\/nope' under resource group 'rg-logs' was not found\./);
    const noContainer = await rejectsWith(getContainerLogs(h.client, { group, containerName: 'ghost', maxRetries: 0 }));
    assert.equal(noContainer.status, 404);
    assert.equal(noContainer.code, 'ResourceNotFound');
    const logsPath = h.emu.requests.filter((r) => r.path.includes('/containers/'));
    assert.ok(logsPath.every((r) => r.method === 'GET'));
  });

  it('grows with the clock: a line every LOG_LINE_MS, the earlier ones unchanged', () => {
    const started = Date.parse('2026-11-25T10:00:00Z');
    const g: StoredGroup = {
      subscriptionId: 's',
      resourceGroup: 'r',
      name: 'g',
      body: validGroupBody(),
      operation: { id: 'op', subscriptionId: 's', location: 'westeurope', groupKey: 'k', groupName: 'g', groupId: 'id', outcome: 'Succeeded', polls: 3, status: 'Succeeded', startTime: '2026-11-25T09:59:58Z', endTime: '2026-11-25T10:00:00Z' },
    };
    const early = logContent(g, 'app', started + 2 * LOG_LINE_MS, undefined, true) as string;
    const later = logContent(g, 'app', started + 5 * LOG_LINE_MS, undefined, true) as string;
    assert.ok(later.startsWith(early));
    assert.equal(later.split('\n').length - early.split('\n').length, 3);
    assert.equal(logContent(g, 'app', started + 5 * LOG_LINE_MS, 2, true), later.split('\n').slice(-3).join('\n'));
    assert.equal(logContent(g, 'ghost', started, undefined, true), undefined);
  });

  it('a follower against it sees the start-up lines, then the new ones', async () => {
    const seen: string[] = [];
    let polls = 0;
    const follower: LogFollower = new LogFollower({
      tail: 50,
      intervalMs: 1,
      read: (tail, signal) => getContainerLogs(h.client, { group, containerName: 'app', tail, timestamps: true, signal, maxRetries: 0 }),
      sleep: async () => {
        // Let the emulator's clock move a line on; stop once a new line came through.
        await new Promise((r) => setTimeout(r, LOG_LINE_MS / 4));
        if (++polls > 40 || seen.some((l) => /#\d+\)$/.test(l))) void follower.stop();
      },
      onLines: (r) => seen.push(...r.lines.map((l) => l.message)),
      onState: () => undefined,
    });
    await follower.start();
    assert.equal(new Set(seen).size, seen.length, 'no line twice');
    assert.ok(seen.some((l) => /#\d+\)$/.test(l)), `a running line arrived: ${seen.join(' | ')}`);
  });
});
