// Shared state of one emulator instance and the per-request context handed to route handlers.
import type { IncomingHttpHeaders } from 'node:http';
import { ArmHeaders } from './armHeaders';
import type { ExecGrant } from './containerExec';
import { StoredGroup } from './containerGroupView';
import { FaultName, FaultState } from './faults';
import type { StoredDeployment, WhatIfJob } from './deploymentStore';
import type { PlainResource } from './deploymentResources';
import { LroStore } from './lroStore';
import { DataShareLive } from './dataShareLive';
import { TokenStore } from './tokens';

export interface Settings {
  lroPolls: number;
  /** Time after which an operation ends even if nobody polls it. */
  lroSeconds: number;
  retryAfterSeconds: number;
  tokenLifetimeSeconds: number;
  hangMs: number;
  /** An exec session with no traffic either way for this long is closed (the service publishes no figure). */
  execIdleMs: number;
}

export interface EmulatorState {
  settings: Settings;
  /** e.g. http://127.0.0.1:43123, known once the server listens. */
  baseUrl: string;
  tokens: TokenStore;
  faults: FaultState;
  lro: LroStore;
  armHeaders: ArmHeaders;
  /** Container groups keyed by lower-cased "subscription|resourceGroup|name" (ARM names are case-insensitive). */
  groups: Map<string, StoredGroup>;
  /** Template deployments keyed by lower-cased "subscription|resourceGroup|name". */
  deployments: Map<string, StoredDeployment>;
  /** What-if operations by id (their Location URL's last segment). */
  whatIfs: Map<string, WhatIfJob>;
  /** Resources of other types a deployment created, by lower-cased id. */
  resources: Map<string, PlainResource>;
  /** Exec and attach sessions handed out and not yet connected to or expired, by id. */
  execGrants: Map<string, ExecGrant>;
  /** Exec sockets connected and not yet closed (a test sees a session end from the server's side). */
  execOpen: number;
  /** Synchronizations started and triggers created by Data Share consumers. */
  dataShare: DataShareLive;
  /** The emulator's clock (epoch ms): the real one, or a test's. */
  now(): number;
}

export interface RequestContext {
  state: EmulatorState;
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Named path segments of the matched route. */
  params: Record<string, string>;
  /** The caller's bearer token (already checked). */
  token: string;
  /** The fault in effect for this request (header, resource name, or run-wide). */
  fault: FaultName | undefined;
}

export function createState(settings: Settings, initialFault: string | undefined, now: () => number = Date.now): EmulatorState {
  return {
    now,
    settings,
    baseUrl: '',
    tokens: new TokenStore(settings.tokenLifetimeSeconds),
    faults: new FaultState(initialFault),
    lro: new LroStore(settings.lroPolls, settings.lroSeconds * 1000, now),
    armHeaders: new ArmHeaders(),
    groups: new Map(),
    deployments: new Map(),
    whatIfs: new Map(),
    resources: new Map(),
    execGrants: new Map(),
    execOpen: 0,
    dataShare: new DataShareLive(),
  };
}
