/**
 * The ARM client under VS Code's own HTTP stack. The extension host replaces node's `http.request` and
 * `https.request` with @vscode/proxy-agent's patch (setting `http.proxySupport`, default "override"): every
 * request then goes through a fresh PacProxyAgent, which is not a keep-alive agent, so node sends
 * `Connection: close` and opens a new connection per request unless the request asks for keep-alive itself
 * (microsoft/vscode#173861). Here the same patch, at the version code-server 4.139 ships, is installed on
 * node's modules around a report's worth of requests.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import https from 'node:https';
import { test } from 'node:test';
import { createHttpPatch, createProxyResolver, LogLevel, type ProxyAgentParams } from '@vscode/proxy-agent';
import { collectAll, listSynchronizations } from '../../src/core/services/dataShare';
import { loadSynchronizationReport } from '../../src/core/report/shared/stream';
import { startHarness, SUBSCRIPTION } from './armHarness';

const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };

/** The parameters the extension host gives the patch, with no proxy configured anywhere. */
function hostParams(proxySupport: 'override' | 'fallback' | 'on' | 'off'): ProxyAgentParams {
  return {
    resolveProxy: async () => 'DIRECT',
    getProxyURL: () => undefined,
    getProxySupport: () => proxySupport,
    getNoProxyConfig: () => [],
    isAdditionalFetchSupportEnabled: () => true,
    isWebSocketPatchEnabled: () => false,
    addCertificatesV1: () => false,
    addCertificatesV2: () => false,
    loadSystemCertificatesFromNode: () => false,
    loadAdditionalCertificates: async () => [],
    log: quiet,
    getLogLevel: () => LogLevel.Off,
    proxyResolveTelemetry: () => undefined,
    isUseHostProxyEnabled: () => true,
    env: {},
  };
}

/** Patches node's http and https modules in place, as the extension host does; returns the undo. */
function installHostHttpPatch(params: ProxyAgentParams): () => void {
  const saved = { http: { request: http.request, get: http.get }, https: { request: https.request, get: https.get } };
  const resolver = createProxyResolver(params);
  // The resolver arms a 10-minute telemetry timer on first use; unref'd, it does not hold the test process open.
  const resolveProxyWithRequest: typeof resolver.resolveProxyWithRequest = (...args) => {
    const arm = globalThis.setTimeout;
    globalThis.setTimeout = ((...a: Parameters<typeof arm>) => arm(...a).unref()) as typeof arm;
    try {
      resolver.resolveProxyWithRequest(...args);
    } finally {
      globalThis.setTimeout = arm;
    }
  };
  Object.assign(http, createHttpPatch(params, http, resolveProxyWithRequest));
  Object.assign(https, createHttpPatch(params, https, resolveProxyWithRequest));
  return () => {
    Object.assign(http, saved.http);
    Object.assign(https, saved.https);
  };
}

const REPORT = { subscriptionId: SUBSCRIPTION, resourceGroup: 'rg', accountName: 'account', shareSubscriptionName: 'keepalive-rows-1000' };

for (const proxySupport of ['override', 'fallback', 'on'] as const) {
  test(`a report's pages reuse one connection under VS Code's HTTP patch (http.proxySupport ${proxySupport})`, async () => {
    const h = await startHarness();
    const undo = installHostHttpPatch(hostParams(proxySupport));
    try {
      const [sync] = await collectAll(listSynchronizations(h.client, REPORT, { maxPages: 1 }));
      h.emu.resetStats();
      const { rows, totals } = await loadSynchronizationReport(h.client, REPORT, sync.synchronizationId);
      assert.equal(rows.length, 1000);
      assert.equal(totals.pagesLoaded, 20);
      const { requests, connections } = h.emu.stats();
      assert.equal(requests, 20);
      // The connection of the listing above carries on; at most one more if the server closed it meanwhile.
      assert.ok(connections <= 1, `${connections} connections for ${requests} requests`);
    } finally {
      undo();
      await h.close();
    }
  });
}
