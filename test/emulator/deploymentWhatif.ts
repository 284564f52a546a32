// POST …/deployments/{name}/whatIf (api-version 2021-04-01): a long-running operation answered 202 with a Location
// (PostDeploymentWhatIfOnResourceGroup example), whose URL answers 202 until the result is ready and then 200 with the
// WhatIfOperationResult: {status, properties: {changes: [{resourceId, changeType, before, after, delta}]}}.
// changeType per resource: Create (does not exist), Modify (property-level `delta`), NoChange, and for what exists in
// the resource group but not in the template: Ignore in Incremental mode, Delete in Complete mode (the swagger's
// WhatIfChange.changeType descriptions). A reference()/listKeys() of a resource not yet deployed and every secure
// parameter value stay as the template writes them ("[reference(…)]"), as Azure's what-if shows them.
import { randomUUID } from 'node:crypto';
import type { RequestContext } from './context';
import { normalizeLocation } from './containerGroupView';
import { Reply, cloudError, jsonReply } from './reply';
import type { Json, Obj } from './armTemplates/functions';
import type { TemplateRun } from './armTemplates/templateRun';
import { groupBody, prepareRun } from './deploymentCreate';
import { isContainerGroupType, resourceView, resourcesInGroup } from './deploymentResources';
import { DEPLOYMENTS_API_VERSION } from './deployments';

interface PropertyChange {
  path: string;
  propertyChangeType: 'Create' | 'Delete' | 'Modify' | 'Array' | 'NoEffect';
  before?: Json;
  after?: Json;
  children?: PropertyChange[];
}

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: Json | undefined, b: Json | undefined): boolean =>
  typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : JSON.stringify(a) === JSON.stringify(b);

/**
 * Values the container group provider takes and never returns (containerGroupView.ts strips them): the resource's
 * state cannot show them, so they are not compared.
 */
const WRITE_ONLY = new Set(['securevalue', 'password', 'storageaccountkey', 'workspacekey', 'workspaceresourceid', 'protectedsettings', 'secret']);

/** Property-level changes from `before` to `after`; what only `before` has (read-only values) is not a change. */
export function delta(before: Json | undefined, after: Json | undefined, path: string): PropertyChange[] {
  if (isObj(after) && isObj(before)) {
    return Object.keys(after).flatMap((k) => {
      if (WRITE_ONLY.has(k.toLowerCase())) return [];
      const bk = Object.keys(before).find((x) => x.toLowerCase() === k.toLowerCase());
      const p = path ? `${path}.${k}` : k;
      return bk === undefined ? [{ path: p, propertyChangeType: 'Create' as const, after: after[k] }] : delta(before[bk], after[k], p);
    });
  }
  if (Array.isArray(after) && Array.isArray(before)) {
    const children: PropertyChange[] = [];
    for (let i = 0; i < Math.max(after.length, before.length); i++) {
      if (i >= before.length) children.push({ path: String(i), propertyChangeType: 'Create', after: after[i] });
      else if (i >= after.length) children.push({ path: String(i), propertyChangeType: 'Delete', before: before[i] });
      else if (isObj(after[i]) || Array.isArray(after[i])) {
        const inner = delta(before[i], after[i], '');
        if (inner.length > 0) children.push({ path: String(i), propertyChangeType: 'Modify', children: inner });
      } else if (!same(before[i], after[i])) {
        children.push({ path: String(i), propertyChangeType: 'Modify', before: before[i], after: after[i] });
      }
    }
    return children.length > 0 ? [{ path, propertyChangeType: 'Array', children }] : [];
  }
  return same(before, after) ? [] : [{ path, propertyChangeType: 'Modify', before, after }];
}

/** The template's view of a resource, shaped like what-if's `after` (id, name, type, apiVersion, then the rest). */
function afterOf(run: TemplateRun, index: number, hideSecure: boolean): Obj {
  const inst = run.instances[index];
  const resource = run.resourceBody(inst, hideSecure);
  const rest: Obj = isContainerGroupType(inst.type) ? (groupBody(resource) as Obj) : { ...resource };
  delete rest.name;
  delete rest.type;
  delete rest.apiVersion;
  if (typeof rest.location === 'string') rest.location = normalizeLocation(rest.location);
  return { id: inst.id, name: inst.name.split('/').pop() ?? inst.name, type: inst.type, apiVersion: String(resource.apiVersion ?? ''), ...rest };
}

function changes(ctx: RequestContext, run: TemplateRun, mode: string): Obj[] {
  const out: Obj[] = [];
  const mentioned = new Set<string>();
  run.instances.forEach((inst, i) => {
    mentioned.add(inst.id.toLowerCase());
    const after = afterOf(run, i, true);
    const existing = resourceView(ctx.state, inst.id);
    if (!existing) {
      out.push({ resourceId: inst.id, changeType: 'Create', after });
      return;
    }
    const before: Obj = { apiVersion: after.apiVersion, ...existing };
    // Compared with the values the deployment would send, shown with every secure value as the template writes it.
    const compared: Obj = afterOf(run, i, false);
    delete compared.id;
    delete compared.apiVersion;
    const d = masked(delta(before, compared, ''), run) as PropertyChange[];
    out.push(d.length > 0 ? { resourceId: inst.id, changeType: 'Modify', before, after, delta: d as unknown as Json } : { resourceId: inst.id, changeType: 'NoChange', before, after });
  });
  for (const { id, view } of resourcesInGroup(ctx.state, ctx.params.subscriptionId, ctx.params.resourceGroup)) {
    if (mentioned.has(id.toLowerCase())) continue;
    out.push(mode.toLowerCase() === 'complete' ? { resourceId: id, changeType: 'Delete', before: view } : { resourceId: id, changeType: 'Ignore', before: view });
  }
  return out;
}

/** Replaces each secure parameter value inside a string by the parameters() call that supplies it. */
function masked(value: unknown, run: TemplateRun): unknown {
  const secrets = [...run.parameters.values()].filter((p) => p.secure).map((p) => ({ text: typeof p.value === 'string' ? p.value : JSON.stringify(p.value), name: p.name })).filter((s) => s.text.length > 0);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return secrets.reduce((t, s) => t.split(s.text).join(`[parameters('${s.name}')]`), v);
    if (Array.isArray(v)) return v.map(walk);
    if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

function resultUrl(ctx: RequestContext, id: string): string {
  return `${ctx.state.baseUrl}/subscriptions/${ctx.params.subscriptionId}/operationresults/${id}?api-version=${DEPLOYMENTS_API_VERSION}`;
}

export function postWhatIf(ctx: RequestContext): Reply {
  const prepared = prepareRun(ctx);
  if ('reply' in prepared) return prepared.reply;
  const mode = String((prepared.body.properties as Obj).mode);
  const id = Buffer.from(JSON.stringify({ jobId: `WHATIF-${randomUUID().slice(0, 12).toUpperCase()}`, rg: ctx.params.resourceGroup })).toString('base64url');
  const result: Obj = { status: 'Succeeded', properties: { changes: changes(ctx, prepared.run, mode) } };
  ctx.state.whatIfs.set(id, { id, subscriptionId: ctx.params.subscriptionId, polls: 0, startedAt: ctx.state.now(), result });
  return { status: 202, headers: { location: resultUrl(ctx, id), 'retry-after': String(ctx.state.settings.retryAfterSeconds) }, body: '' };
}

export function getWhatIfResult(ctx: RequestContext): Reply {
  const job = ctx.state.whatIfs.get(ctx.params.operationId);
  if (!job || job.subscriptionId.toLowerCase() !== ctx.params.subscriptionId.toLowerCase()) {
    return cloudError(404, { code: 'OperationNotFound', message: `The operation '${ctx.params.operationId}' was not found.` });
  }
  job.polls += 1;
  const due = job.polls > ctx.state.settings.lroPolls || ctx.state.now() - job.startedAt >= ctx.state.settings.lroSeconds * 1000;
  if (!due) return { status: 202, headers: { location: resultUrl(ctx, job.id), 'retry-after': String(ctx.state.settings.retryAfterSeconds) }, body: '' };
  return jsonReply(200, job.result);
}
