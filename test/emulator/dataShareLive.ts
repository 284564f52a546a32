// What a Data Share consumer changes: synchronizations started on demand and cancelled, and schedule triggers.
//
// Sources (Azure/azure-rest-api-specs specification/datashare/resource-manager/Microsoft.DataShare/stable/2021-08-01):
// - examples/ShareSubscriptions_Synchronize.json: POST …/synchronize {synchronizationMode} answers 202 with an
//   Azure-AsyncOperation URL (…/shareSubscriptions/{name}/operationResults/{id}?api-version=2021-08-01) and the
//   synchronization {startTime, status, synchronizationId}; 200 when it is already done.
// - examples/ShareSubscriptions_CancelSynchronization.json: POST …/cancelSynchronization {synchronizationId} answers
//   202 + Azure-AsyncOperation with the synchronization as it is, or 200 with it once ended.
// - DataShare.json OperationResponse (the status resource): {status: Accepted|InProgress|TransientFailure|Succeeded|
//   Failed|Canceled, startTime, endTime, error: DataShareErrorInfo}; the ARM RPC requires `error` on Failed/Canceled.
// - examples/Triggers_Create.json: PUT …/triggers/{name} {kind: ScheduleBased, properties: {synchronizationTime,
//   recurrenceInterval, synchronizationMode}} answers 201 with provisioningState Creating (no status URL: the
//   client reads the trigger until it settles), 200 with Succeeded when it exists; triggerStatus Active, userName.
// - examples/Triggers_Get.json, _ListByShareSubscription.json ({value: [...]}), _Delete.json (200 {status:
//   Succeeded}, 204 when there is none).
// - examples/Triggers_Delete.json: 202 with `x-ms-retry-after-ms` and an Azure-AsyncOperation URL
//   (…/triggers/{name}/operationResults/{id}?api-version=2021-08-01); DataShare.json marks Triggers_Delete
//   x-ms-long-running-operation (no final-state-via option).
// - examples/DataSetMappings_Create.json: PUT …/dataSetMappings/{name} {kind, properties} answers 201 when new,
//   200 when replaced, with id, name and type (dataShareLandings.ts).
// Time, not polls, moves a synchronization: Queued, then InProgress while its data sets finish one by one (each
// appears in listSynchronizationDetails when it has finished), then its end. A run lasts `syncsecs-N` seconds
// (from the share subscription's name, default 90). A finished run reads `Completed` in the listings and its data
// sets `Completed` (the ListSynchronizations and ListSynchronizationDetails examples), and `Succeeded` at its
// status URL (OperationResponse). A share subscription named with `syncfail` scripts a failure: its data sets fail
// as in the generated history (data set 1 always) and the run ends `Failed`. A cancelled run reads `Cancelled`
// (the CancelSynchronization example's 200); its synchronize status URL says `Canceled` (OperationResponse's
// enum). Refusals the service is not published to give in any example or recording use wording of the
// emulator's own (marked below).
import { randomUUID } from 'node:crypto';
import type { RequestContext } from './context';
import { DATA_SHARE_API_VERSION } from './dataShare';
import { generateDetails, type SynchronizationDetail } from './dataShareGenerator';
import { Reply, dataShareError, jsonReply } from './reply';

export interface LiveSync {
  synchronizationId: string;
  synchronizationMode: 'Incremental' | 'FullSync';
  startMs: number;
  queuedMs: number;
  durationMs: number;
  /** When a cancel was asked for; the run ends Canceled shortly after. */
  cancelAtMs?: number;
  account: string;
  shareSubscription: string;
  /** Scripted (`syncfail` in the name): its data sets fail as in the generated history, and so does the run. */
  fails: boolean;
  /** Its data sets, generated once on first read (100,000 for the large samples) and sliced as they finish. */
  dataSets?: SynchronizationDetail[];
  /** The rows finished so far, in order: a read adds only those finished since the last (a large run's pages stay cheap). */
  finished?: SynchronizationDetail[];
}

export interface StoredTrigger {
  name: string;
  body: { kind: string; properties: Record<string, unknown> };
  createdMs: number;
}

interface LiveOperation {
  kind: 'synchronize' | 'cancel' | 'deleteTrigger';
  key: string;
  synchronizationId: string;
}

/** A cancel takes this long to stop a run. */
const CANCEL_MS = 2_000;
/** A trigger is Creating this long after its PUT. */
const TRIGGER_CREATE_MS = 500;

export class DataShareLive {
  readonly syncs = new Map<string, LiveSync[]>();
  readonly triggers = new Map<string, Map<string, StoredTrigger>>();
  /** Data set mappings created through PUT, by share subscription and lower-cased name (dataShareLandings.ts). */
  readonly mappings = new Map<string, Map<string, Record<string, unknown>>>();
  private readonly operations = new Map<string, LiveOperation>();
  /** Share subscriptions whose `runningsecs-N` run was put in place (once: it is not started again after it ends). */
  readonly seeded = new Set<string>();

  runs(key: string): LiveSync[] {
    return this.syncs.get(key) ?? [];
  }

  find(key: string, synchronizationId: string): LiveSync | undefined {
    return this.runs(key).find((s) => s.synchronizationId.toLowerCase() === synchronizationId.toLowerCase());
  }

  addOperation(op: LiveOperation): string {
    const id = randomUUID();
    this.operations.set(id, op);
    return id;
  }

  operation(id: string): LiveOperation | undefined {
    return this.operations.get(id.toLowerCase());
  }

  mappingsOf(key: string): Map<string, Record<string, unknown>> {
    let map = this.mappings.get(key);
    if (!map) this.mappings.set(key, (map = new Map()));
    return map;
  }

  triggersOf(key: string): Map<string, StoredTrigger> {
    let map = this.triggers.get(key);
    if (!map) this.triggers.set(key, (map = new Map()));
    return map;
  }
}

export function shareSubscriptionKey(params: Record<string, string>): string {
  return [params.subscriptionId, params.resourceGroup, params.account, params.shareSubscription].join('|').toLowerCase();
}

function seeds(ctx: RequestContext): { account: string; shareSubscription: string } {
  return { account: ctx.params.account.toLowerCase(), shareSubscription: ctx.params.shareSubscription.toLowerCase() };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Offset (ms from the start) at which data set `index` of `count` finishes. */
function finishOffset(run: LiveSync, index: number, count: number): number {
  const span = run.durationMs - run.queuedMs;
  return run.queuedMs + Math.round((span * (index + 1)) / Math.max(1, count));
}

/** The run's end (ms) and its status at `now`. */
export function liveStatus(run: LiveSync, now: number): { status: string; endMs?: number } {
  const naturalEnd = run.startMs + run.durationMs;
  const cancelEnd = run.cancelAtMs !== undefined ? run.cancelAtMs + CANCEL_MS : undefined;
  if (cancelEnd !== undefined && cancelEnd < naturalEnd && now >= cancelEnd) return { status: 'Cancelled', endMs: cancelEnd };
  if (now >= naturalEnd) return { status: run.fails ? 'Failed' : 'Completed', endMs: naturalEnd };
  return { status: now < run.startMs + run.queuedMs ? 'Queued' : 'InProgress' };
}

/** The synchronization as listSynchronizations shows it at `now`. */
export function liveSynchronization(run: LiveSync, now: number): Record<string, unknown> {
  const { status, endMs } = liveStatus(run, now);
  const out: Record<string, unknown> = { synchronizationId: run.synchronizationId, synchronizationMode: run.synchronizationMode, status, startTime: iso(run.startMs) };
  if (endMs !== undefined) {
    out.endTime = iso(endMs);
    out.durationMs = endMs - run.startMs;
  }
  // The generated history's messages for these outcomes (dataShareGenerator.ts).
  if (status === 'Failed') out.message = 'One or more data sets failed to synchronize.';
  if (status === 'Cancelled') out.message = 'The synchronization was canceled by the user.';
  return out;
}

/** The data sets that have finished by `now`, shaped as the generated details of the same data sets. */
export function liveDetails(run: LiveSync, now: number): SynchronizationDetail[] {
  const { endMs } = liveStatus(run, now);
  const until = Math.min(now, endMs ?? now) - run.startMs;
  const all = (run.dataSets ??= generateDetails(run.account, run.shareSubscription, run.synchronizationId));
  const out = (run.finished ??= []);
  // A clock set back (tests may set it) un-finishes rows: they are dropped and made again when their time comes.
  while (out.length > 0 && finishOffset(run, out.length - 1, all.length) > until) out.pop();
  for (let i = out.length; i < all.length; i++) {
    const finish = finishOffset(run, i, all.length);
    if (finish > until) break;
    const start = run.startMs + (i === 0 ? run.queuedMs : finishOffset(run, i - 1, all.length));
    const end = run.startMs + finish;
    out.push({ ...(run.fails ? all[i] : completed(all[i])), startTime: iso(start), endTime: iso(end), durationMs: end - start });
  }
  // A copy: the caller filters and sorts what it gets.
  return out.slice();
}

/** A data set of a run that is not scripted to fail: copied whole, `Completed` as in the details example. */
function completed(d: SynchronizationDetail): SynchronizationDetail {
  const out: SynchronizationDetail = { ...d, status: 'Completed', filesWritten: d.filesRead, rowsCopied: d.rowsRead, sizeWritten: d.sizeRead };
  if (d.status === 'Failed') delete out.message;
  return out;
}

function statusUrl(ctx: RequestContext, operationId: string, under = ''): string {
  const p = ctx.params;
  return `${ctx.state.baseUrl}/subscriptions/${p.subscriptionId}/resourceGroups/${p.resourceGroup}/providers/Microsoft.DataShare/accounts/${p.account}/shareSubscriptions/${p.shareSubscription}${under}/operationResults/${operationId}?api-version=${DATA_SHARE_API_VERSION}`;
}

export function bodyOf(ctx: RequestContext): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(ctx.body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The runs of the request's share subscription. One named `runningsecs-N` has, from its first read, a run that
 * started N seconds earlier (by its schedule, or from another client), as a user meets a synchronization already
 * under way; it lasts `syncsecs-N` seconds like any other.
 */
export function liveRuns(ctx: RequestContext): LiveSync[] {
  const key = shareSubscriptionKey(ctx.params);
  const { account, shareSubscription } = seeds(ctx);
  const ago = /runningsecs-(\d+)/i.exec(shareSubscription);
  if (ago && !ctx.state.dataShare.seeded.has(key)) {
    ctx.state.dataShare.seeded.add(key);
    const durationMs = runDurationMs(shareSubscription);
    const startMs = ctx.state.now() - Number(ago[1]) * 1000;
    const run: LiveSync = { synchronizationId: randomUUID(), synchronizationMode: 'Incremental', startMs, queuedMs: Math.min(3_000, durationMs / 10), durationMs, account, shareSubscription, fails: /syncfail/i.test(shareSubscription) };
    ctx.state.dataShare.syncs.set(key, [run, ...ctx.state.dataShare.runs(key)]);
  }
  return ctx.state.dataShare.runs(key);
}

/** `syncsecs-N` from the share subscription's name (2–3600), default 90. */
function runDurationMs(shareSubscription: string): number {
  const seconds = /syncsecs-(\d+)/i.exec(shareSubscription);
  return Math.max(2, Math.min(Number(seconds?.[1] ?? 90), 3_600)) * 1000;
}

function running(ctx: RequestContext): LiveSync | undefined {
  return liveRuns(ctx).find((r) => liveStatus(r, ctx.state.now()).endMs === undefined);
}

export function synchronize(ctx: RequestContext): Reply {
  const body = bodyOf(ctx);
  const mode = body?.synchronizationMode;
  if (mode !== 'Incremental' && mode !== 'FullSync') {
    const message = "The property 'synchronizationMode' must be 'Incremental' or 'FullSync'.";
    return dataShareError(400, { code: 'InvalidRequestContent', message, target: 'synchronizationMode' });
  }
  const { account, shareSubscription } = seeds(ctx);
  // Emulator wording: no published example or recording shows these refusals.
  if (/revoked/i.test(shareSubscription)) {
    return dataShareError(409, { code: 'ShareSubscriptionNotActive', message: `The share subscription '${ctx.params.shareSubscription}' has been revoked by the provider and cannot be synchronized.` });
  }
  const key = shareSubscriptionKey(ctx.params);
  const busy = running(ctx);
  if (busy) {
    return dataShareError(409, { code: 'SynchronizationInProgress', message: `A synchronization (${busy.synchronizationId}) is already in progress for share subscription '${ctx.params.shareSubscription}'.` });
  }
  const durationMs = runDurationMs(shareSubscription);
  const run: LiveSync = { synchronizationId: randomUUID(), synchronizationMode: mode, startMs: ctx.state.now(), queuedMs: Math.min(3_000, durationMs / 10), durationMs, account, shareSubscription, fails: /syncfail/i.test(shareSubscription) };
  ctx.state.dataShare.syncs.set(key, [run, ...ctx.state.dataShare.runs(key)]);
  const operationId = ctx.state.dataShare.addOperation({ kind: 'synchronize', key, synchronizationId: run.synchronizationId });
  // As the example's 202: the synchronization accepted, followed through the status URL.
  return jsonReply(202, { startTime: iso(run.startMs), status: 'Accepted', synchronizationId: run.synchronizationId }, { 'azure-asyncoperation': statusUrl(ctx, operationId) });
}

export function cancelSynchronization(ctx: RequestContext): Reply {
  const id = bodyOf(ctx)?.synchronizationId;
  if (typeof id !== 'string' || id.trim() === '') {
    const message = "The required property 'synchronizationId' is missing or is not a non-empty string.";
    return dataShareError(400, { code: 'MissingRequiredProperty', message, target: 'synchronizationId' });
  }
  const key = shareSubscriptionKey(ctx.params);
  const run = ctx.state.dataShare.find(key, id);
  if (!run) return dataShareError(404, { code: 'SynchronizationNotFound', message: `Synchronization '${id}' was not found.` }); // emulator wording
  const now = ctx.state.now();
  const view = liveSynchronization(run, now);
  if (liveStatus(run, now).endMs !== undefined) return jsonReply(200, view); // already ended: the example's 200
  run.cancelAtMs ??= now;
  const operationId = ctx.state.dataShare.addOperation({ kind: 'cancel', key, synchronizationId: run.synchronizationId });
  return jsonReply(202, view, { 'azure-asyncoperation': statusUrl(ctx, operationId) });
}

/** GET of a status URL: the OperationResponse of a synchronize or a cancel. */
export function operationResult(ctx: RequestContext): Reply {
  const op = ctx.state.dataShare.operation(ctx.params.operationId);
  // A trigger's delete is done when it is answered (the trigger is gone at once).
  if (op?.kind === 'deleteTrigger') return jsonReply(200, { status: 'Succeeded' });
  const run = op && ctx.state.dataShare.find(op.key, op.synchronizationId);
  if (!op || !run) return dataShareError(404, { code: 'OperationNotFound', message: `Operation '${ctx.params.operationId}' was not found.` });
  const now = ctx.state.now();
  const { status, endMs } = liveStatus(run, now);
  const body: Record<string, unknown> = { startTime: iso(run.startMs) };
  if (op.kind === 'cancel') {
    // The cancel succeeds once the run has stopped (canceled, or ended on its own first).
    body.status = endMs === undefined ? 'InProgress' : 'Succeeded';
  } else if (endMs === undefined) {
    body.status = 'InProgress';
  } else if (status === 'Failed') {
    body.status = 'Failed';
    body.error = { code: 'SynchronizationFailed', message: 'One or more data sets failed to synchronize.' };
  } else if (status === 'Cancelled') {
    // OperationResponse's enum spells it Canceled.
    body.status = 'Canceled';
    body.error = { code: 'SynchronizationCanceled', message: 'The synchronization was canceled by the user.' };
  } else {
    body.status = 'Succeeded';
  }
  if (endMs !== undefined) body.endTime = iso(endMs);
  return jsonReply(200, body);
}

function triggerView(ctx: RequestContext, stored: StoredTrigger): Record<string, unknown> {
  const p = ctx.params;
  const settled = ctx.state.now() - stored.createdMs >= TRIGGER_CREATE_MS;
  return {
    kind: stored.body.kind,
    properties: { ...stored.body.properties, provisioningState: settled ? 'Succeeded' : 'Creating', triggerStatus: 'Active', createdAt: iso(stored.createdMs), userName: 'Emulator User' },
    id: `/subscriptions/${p.subscriptionId}/resourceGroups/${p.resourceGroup}/providers/Microsoft.DataShare/accounts/${p.account}/shareSubscriptions/${p.shareSubscription}/triggers/${stored.name}`,
    name: stored.name,
    type: 'Microsoft.DataShare/accounts/shareSubscriptions/triggers',
  };
}

function triggerNotFound(ctx: RequestContext): Reply {
  return dataShareError(404, { code: 'ResourceNotFound', message: `Trigger '${ctx.params.trigger}' was not found.` });
}

export function putTrigger(ctx: RequestContext): Reply {
  const body = bodyOf(ctx);
  const props = body?.properties as Record<string, unknown> | undefined;
  const invalid = (message: string, target: string): Reply => dataShareError(400, { code: 'InvalidRequestContent', message, target });
  if (body?.kind !== 'ScheduleBased') return invalid("The trigger's kind must be 'ScheduleBased'.", 'kind');
  if (props?.recurrenceInterval !== 'Hour' && props?.recurrenceInterval !== 'Day') return invalid("The property 'recurrenceInterval' must be 'Hour' or 'Day'.", 'properties.recurrenceInterval');
  if (typeof props.synchronizationTime !== 'string' || Number.isNaN(Date.parse(props.synchronizationTime))) return invalid("The property 'synchronizationTime' must be a date-time.", 'properties.synchronizationTime');
  const mode = props.synchronizationMode ?? 'Incremental';
  if (mode !== 'Incremental' && mode !== 'FullSync') return invalid("The property 'synchronizationMode' must be 'Incremental' or 'FullSync'.", 'properties.synchronizationMode');
  const triggers = ctx.state.dataShare.triggersOf(shareSubscriptionKey(ctx.params));
  const existing = triggers.get(ctx.params.trigger.toLowerCase());
  const stored: StoredTrigger = {
    name: ctx.params.trigger,
    body: { kind: 'ScheduleBased', properties: { synchronizationTime: props.synchronizationTime, recurrenceInterval: props.recurrenceInterval, synchronizationMode: mode } },
    createdMs: existing ? ctx.state.now() - TRIGGER_CREATE_MS : ctx.state.now(),
  };
  triggers.set(ctx.params.trigger.toLowerCase(), stored);
  return jsonReply(existing ? 200 : 201, triggerView(ctx, stored));
}

export function getTrigger(ctx: RequestContext): Reply {
  const stored = ctx.state.dataShare.triggersOf(shareSubscriptionKey(ctx.params)).get(ctx.params.trigger.toLowerCase());
  return stored ? jsonReply(200, triggerView(ctx, stored)) : triggerNotFound(ctx);
}

export function deleteTrigger(ctx: RequestContext): Reply {
  const triggers = ctx.state.dataShare.triggersOf(shareSubscriptionKey(ctx.params));
  if (!triggers.delete(ctx.params.trigger.toLowerCase())) return { status: 204, headers: {}, body: '' };
  // As the example's 202: gone at once, its status URL under the trigger says Succeeded.
  const operationId = ctx.state.dataShare.addOperation({ kind: 'deleteTrigger', key: shareSubscriptionKey(ctx.params), synchronizationId: '' });
  const url = statusUrl(ctx, operationId, `/triggers/${ctx.params.trigger}`);
  return { status: 202, headers: { 'azure-asyncoperation': url, 'x-ms-retry-after-ms': '30' }, body: '' };
}

export function listTriggers(ctx: RequestContext): Reply {
  const triggers = [...ctx.state.dataShare.triggersOf(shareSubscriptionKey(ctx.params)).values()];
  return jsonReply(200, { value: triggers.map((t) => triggerView(ctx, t)) });
}
