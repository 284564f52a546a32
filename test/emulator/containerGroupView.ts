// Builds the container group as ARM returns it: read-only fields added, secrets removed, state from the LRO.
import { guidFrom, hashBytes } from './deterministic';
import { Operation } from './lroStore';
import { exitingContainerView, settledGroupState } from './containerGroupLive';
import { diagnoseScenario, scenarioContainerView, scenarioGroupView } from './containerGroupDiagnose';
import type { EmulatorState } from './context';

type Obj = Record<string, unknown>;

export interface StoredGroup {
  subscriptionId: string;
  resourceGroup: string;
  name: string;
  /** The accepted request body (never returned as-is: secrets are stripped by groupView). */
  body: Obj;
  operation: Operation;
  /** Set by a stop (containerGroupActions.ts) until the next start: the instance view says Stopped. */
  stoppedAt?: string;
  /** Restarts asked for since the group last started (containerGroupActions.ts): each one is a new instance. */
  restarts?: number;
  /** When the running instance started, after a restart; before one, the operation's end. */
  runStart?: string;
  /** When the instance before it started (the previousState of a restarted container). */
  previousRunStart?: string;
  /** The delete that Azure answered 202 for: the group is gone once it ends. */
  deleting?: Operation;
  /** GETs of the group since this PUT: a container that keeps exiting restarts once per read. */
  reads?: number;
}

export const CONTAINER_GROUP_TYPE = 'Microsoft.ContainerInstance/containerGroups';

/** "West Europe" → "westeurope": the normalized spelling ARM returns. */
export function normalizeLocation(location: string): string {
  return location.replace(/\s+/g, '').toLowerCase();
}

/** The store's key of a group (route parameters or a stored group): ARM names are case-insensitive. */
export function groupKey(p: { subscriptionId?: string; resourceGroup?: string; name?: string }): string {
  return `${p.subscriptionId}|${p.resourceGroup}|${p.name}`.toLowerCase();
}

/**
 * The group under `key` as Azure has it now: its operation moved on with the clock, and gone once a delete that was
 * answered 202 has ended. Every route reads groups through this.
 */
export function findGroup(state: EmulatorState, key: string): StoredGroup | undefined {
  const stored = state.groups.get(key);
  if (!stored) return undefined;
  state.lro.advance(stored.operation);
  if (stored.deleting) {
    state.lro.advance(stored.deleting);
    if (stored.deleting.status !== 'InProgress') {
      state.groups.delete(key);
      return undefined;
    }
  }
  return stored;
}

export function groupId(g: Pick<StoredGroup, 'subscriptionId' | 'resourceGroup' | 'name'>): string {
  return `/subscriptions/${g.subscriptionId}/resourceGroups/${g.resourceGroup}/providers/${CONTAINER_GROUP_TYPE}/${g.name}`;
}

/** Public addresses come from 20.x.y.z, private ones from 10.0.y.z; both fixed per group id. */
export function fakeIp(id: string, type: string): string {
  const b = hashBytes(id.toLowerCase());
  return type.toLowerCase() === 'private' ? `10.0.${b[1]}.${(b[2] % 254) + 1}` : `20.${b[0]}.${b[1]}.${(b[2] % 254) + 1}`;
}

function canonical(value: unknown, allowed: string[]): unknown {
  return typeof value === 'string' ? (allowed.find((a) => a.toLowerCase() === value.toLowerCase()) ?? value) : value;
}

function records(value: unknown): Obj[] {
  return Array.isArray(value) ? (value.filter((v) => typeof v === 'object' && v !== null) as Obj[]) : [];
}

function provisioningState(op: Operation): string {
  if (op.status === 'InProgress') return op.polls === 0 ? 'Pending' : 'Creating';
  return op.status;
}

function event(name: string, message: string, at: string, type = 'Normal'): Obj {
  return { count: 1, firstTimestamp: at, lastTimestamp: at, name, message, type };
}

/** When the group's running instance started: the last restart, else the end of the operation that started it. */
export function runStartOf(g: StoredGroup): string {
  return g.runStart ?? g.operation.endTime ?? g.operation.startTime;
}

function containerInstanceView(c: Obj, op: Operation, init: boolean, g: StoredGroup): Obj {
  const at = op.endTime ?? op.startTime;
  const image = String((c.properties as Obj | undefined)?.image ?? '');
  const scenario = op.status === 'Succeeded' && !init ? diagnoseScenario(g.name) : undefined;
  const scripted = scenario ? scenarioContainerView(scenario, image, at) : undefined;
  if (scripted) return scripted;
  const exiting = op.status === 'Succeeded' && !init ? exitingContainerView(c, (g.body.properties as Obj | undefined)?.restartPolicy, at, g.reads ?? 0) : undefined;
  if (exiting) return exiting;
  if (op.status === 'Succeeded') {
    // A restart runs the containers again in place: a new instance (new start time, its own log), the image pulled
    // again when it changed, restartCount one more (Restart-AzContainerGroup: "Restarts all containers in a container
    // group in place"). A stop ends them: the state they end in is Terminated (microsoft/vscode-docker#2602, #2605).
    const restarts = init ? 0 : (g.restarts ?? 0);
    const run = runStartOf(g);
    const currentState = init
      ? { state: 'Terminated', startTime: op.startTime, finishTime: at, exitCode: 0, detailStatus: 'Completed' }
      : g.stoppedAt
        ? { state: 'Terminated', startTime: run, finishTime: g.stoppedAt, detailStatus: '' }
        : { state: 'Running', startTime: run, detailStatus: '' };
    const view: Obj = {
      restartCount: restarts,
      currentState,
      events: [
        { ...event('Pulling', `pulling image "${image}"`, op.startTime), count: restarts + 1, lastTimestamp: init ? op.startTime : run },
        { ...event('Pulled', `Successfully pulled image "${image}"`, at), count: restarts + 1, lastTimestamp: init ? at : run },
        { ...event('Started', 'Started container', at), count: restarts + 1, lastTimestamp: init ? at : run },
      ],
    };
    if (restarts > 0 && g.previousRunStart) view.previousState = { state: 'Terminated', startTime: g.previousRunStart, finishTime: run, detailStatus: '' };
    return view;
  }
  return {
    restartCount: 0,
    currentState: { state: 'Waiting', startTime: at, detailStatus: op.status === 'Failed' ? 'ImagePullBackOff' : '' },
    events: op.status === 'Failed' ? [event('Pulling', `pulling image "${image}"`, op.startTime), event('Failed', `Failed to pull image "${image}"`, at, 'Warning')] : [],
  };
}

function stripContainer(c: Obj, op: Operation, init: boolean, g: StoredGroup): Obj {
  const props = { ...((c.properties as Obj) ?? {}) };
  if (Array.isArray(props.environmentVariables)) {
    props.environmentVariables = records(props.environmentVariables).map(({ secureValue: _secret, ...rest }) => rest);
  }
  if (op.status !== 'InProgress') props.instanceView = containerInstanceView(c, op, init, g);
  return { ...c, properties: props };
}

function identityView(identity: Obj | undefined, id: string): Obj | undefined {
  if (!identity) return undefined;
  const out: Obj = { ...identity, type: canonical(identity.type, ['SystemAssigned', 'UserAssigned', 'SystemAssigned, UserAssigned', 'None']) };
  if (String(out.type).includes('SystemAssigned')) {
    out.principalId = guidFrom('principal', id);
    out.tenantId = guidFrom('tenant');
  }
  const uai = identity.userAssignedIdentities as Obj | undefined;
  if (uai) {
    out.userAssignedIdentities = Object.fromEntries(
      Object.keys(uai).map((key) => [key, { principalId: guidFrom('principal', key), clientId: guidFrom('client', key) }]),
    );
  }
  return out;
}

/** The response body for a stored group, reflecting the current state of its operation. */
export function groupView(g: StoredGroup): Obj {
  const id = groupId(g);
  const op = g.operation;
  const body = structuredClone(g.body);
  const src = (body.properties as Obj) ?? {};
  const props: Obj = { ...src };

  props.osType = canonical(src.osType, ['Linux', 'Windows']);
  props.sku = canonical(src.sku ?? 'Standard', ['Standard', 'Dedicated', 'Confidential']);
  if (src.restartPolicy !== undefined) props.restartPolicy = canonical(src.restartPolicy, ['Always', 'OnFailure', 'Never']);
  // A group being deleted reads as the list result's enum names it until it is gone.
  props.provisioningState = g.deleting ? 'Deleting' : provisioningState(op);
  props.containers = records(src.containers).map((c) => stripContainer(c, op, false, g));
  if (src.initContainers !== undefined) props.initContainers = records(src.initContainers).map((c) => stripContainer(c, op, true, g));
  if (src.imageRegistryCredentials !== undefined) {
    props.imageRegistryCredentials = records(src.imageRegistryCredentials).map(({ password: _secret, ...rest }) => rest);
  }
  if (src.volumes !== undefined) {
    props.volumes = records(src.volumes).map((v) => {
      const out: Obj = { ...v };
      if (v.azureFile) {
        const { storageAccountKey: _secret, ...file } = v.azureFile as Obj;
        out.azureFile = file;
      }
      if (v.secret) out.secret = {};
      return out;
    });
  }
  const logAnalytics = (src.diagnostics as Obj | undefined)?.logAnalytics as Obj | undefined;
  if (logAnalytics) {
    const { workspaceKey: _key, workspaceResourceId: _rid, ...rest } = logAnalytics;
    props.diagnostics = { ...(src.diagnostics as Obj), logAnalytics: rest };
  }
  if (src.extensions !== undefined) {
    props.extensions = records(src.extensions).map((e) => {
      if (!e.properties) return e;
      const { protectedSettings: _secret, ...rest } = e.properties as Obj;
      return { ...e, properties: rest };
    });
  }
  // A group deployed into a virtual network (networkProfile, or subnetIds since 2021-07-01) gets a private address from
  // its subnet even when the request names none (learn.microsoft.com container-instances-vnet: "the container group is
  // assigned a private IP address"); the quickstart aci-vnet reads it as reference(…).ipAddress.ip.
  const inVnet = src.networkProfile !== undefined || (Array.isArray(src.subnetIds) && src.subnetIds.length > 0);
  const ip = (src.ipAddress as Obj | undefined) ?? (inVnet ? { type: 'Private', ports: records(src.containers).flatMap((c) => records((c.properties as Obj | undefined)?.ports)) } : undefined);
  if (ip) {
    const type = String(canonical(ip.type, ['Public', 'Private']));
    const view: Obj = { ...ip, type, autoGeneratedDomainNameLabelScope: canonical(ip.autoGeneratedDomainNameLabelScope ?? 'Unsecure', ['Unsecure', 'TenantReuse', 'SubscriptionReuse', 'ResourceGroupReuse', 'Noreuse']) };
    delete view.ip;
    delete view.fqdn;
    // A public address is allocated with the PUT: the 201 body already carries ip and fqdn (the recorded
    // 201 in Azure/azure-sdk-for-node issue #5072's trace); a private one shows once the group runs.
    if (op.status === 'Succeeded' || type === 'Public') {
      view.ip = fakeIp(id, type);
      if (type === 'Public' && typeof ip.dnsNameLabel === 'string' && ip.dnsNameLabel) {
        view.fqdn = `${ip.dnsNameLabel.toLowerCase()}.${normalizeLocation(String(body.location))}.azurecontainer.io`;
      }
    }
    props.ipAddress = view;
  }
  const at = op.endTime ?? op.startTime;
  props.instanceView =
    op.status === 'Succeeded'
      ? { state: settledGroupState(records(src.containers), src.restartPolicy), events: [event('Started', `Container group '${g.name}' started`, at)] }
      : op.status === 'InProgress'
        ? { state: 'Pending', events: [] }
        : { state: 'Pending', events: [event(op.status === 'Failed' ? 'Failed' : 'Canceled', `Provisioning of container group '${g.name}' ${op.status === 'Failed' ? 'failed' : 'was canceled'}`, at, 'Warning')] };
  if (g.stoppedAt) props.instanceView = { state: 'Stopped', events: [] };
  const scenario = op.status === 'Succeeded' && !g.stoppedAt ? diagnoseScenario(g.name) : undefined;
  const scripted = scenario && scenarioGroupView(scenario, at, normalizeLocation(String(body.location)));
  if (scripted) props.instanceView = scripted;

  const out: Obj = { id, name: g.name, type: CONTAINER_GROUP_TYPE, location: normalizeLocation(String(body.location)) };
  if (body.tags !== undefined) out.tags = body.tags;
  if (body.zones !== undefined) out.zones = body.zones;
  const identity = identityView(body.identity as Obj | undefined, id);
  if (identity) out.identity = identity;
  out.properties = props;
  return out;
}
