/**
 * The deploy steps that need no editor: definition text → PUT body with secrets filled in, the current
 * group (if any), the PUT with its long-running wait, and the facts of the result to show.
 */
import type { ArmClient } from '../arm/client';
import { ArmError } from '../arm/errors';
import { portSummaries } from '../containerGroup/summary';
import { prop } from '../definition/plainValues';
import { readLiveGroup, type LiveEvent } from '../containerGroup/liveState';
import type { ContainerGroupTarget } from '../settings/model';
import { readDefinitionText } from '../containerGroup/readDefinition';
import type { PathSegment } from '../definition/types';
import {
  ACI_API_VERSION,
  getContainerGroup,
  putContainerGroup,
  type ContainerGroupRef,
  type ContainerGroupResource,
  type PutContainerGroupOptions,
} from '../services/containerGroups';
import { DeployInputError, describeLocationChoice, toRequestBody, type BodyConversion, type RequestBody } from './requestBody';
import { findSecretReferences, SECRET_NAME_RULE } from '../definition/secrets';
import { resolveSecretPlaceholders } from './resolveSecrets';
import { chooseSchemaVersion } from '../schema/apiVersion';
import { schemaVersions, versionsWithType } from '../schema/apiVersionList';
import { CONTAINER_GROUP, type ResourceKind } from '../schema/resourceKinds';

/** What a deploy needs of a configured container group: where it goes (the definition file is read already). */
export type DeployTarget = Omit<ContainerGroupTarget, 'definitionFile'>;

export interface PreparedDeploy {
  conversion: BodyConversion;
  /** The PUT body with secrets resolved: never log or show it. */
  body: RequestBody;
  /** Values to redact from every log line and message of this deploy. */
  secretValues: string[];
  /** Stored secrets the body carries and the fields they fill (names only). */
  secretUses: { name: string; path: string; field: string }[];
  /** Where the body sits in the file (for mapping error targets back). */
  prefix: PathSegment[];
  /** The api-version of the PUT and the reads around it: the one the definition names, else ACI_API_VERSION. */
  apiVersion: string;
  /** What the PUT creates: a container group, or the profile or NGroups resource the file's `type` names. */
  kind: ResourceKind;
  /** Things worth a line in the log (name mismatch, api-version, dropped fields). */
  notes: string[];
}

/** Async because secret storage is; only the names the text refers to are read. */
export type AsyncSecretLookup = (name: string) => PromiseLike<string | undefined> | string | undefined;

export async function prepareDeploy(text: string, fileName: string, target: DeployTarget, secrets: AsyncSecretLookup): Promise<PreparedDeploy> {
  const read = readDefinitionText(text, fileName);
  if (!read.ok) throw new DeployInputError(read.message);
  const conversion = toRequestBody(read.value, { location: target.location, name: target.name });

  const values = new Map<string, string>();
  for (const name of new Set(findSecretReferences(text).filter((r) => r.valid).map((r) => r.name))) {
    const value = await secrets(name);
    if (value !== undefined) values.set(name, value);
  }
  const resolved = resolveSecretPlaceholders(conversion.body, (name) => values.get(name));
  if (resolved.misplaced.length) {
    const m = resolved.misplaced[0];
    throw new DeployInputError(
      `{{secret:${m.name}}} is used at ${m.path}, which is not a secret field; secrets are filled in only for secureValue, registry passwords, storage account keys, workspace keys, secret volumes and protected settings.`,
    );
  }
  if (resolved.invalid.length) {
    const m = resolved.invalid[0];
    throw new DeployInputError(`The secret placeholder at ${m.path} has an invalid name; secret names use ${SECRET_NAME_RULE}.`);
  }
  if (resolved.missing.length) {
    throw new DeployInputError(
      `No stored secret named ${resolved.missing.map((n) => `'${n}'`).join(', ')}. Use "Set Secret…" to store ${resolved.missing.length > 1 ? 'them' : 'it'}, then deploy again.`,
    );
  }

  const notes: string[] = [];
  if (conversion.nameInFile && conversion.nameInFile !== target.name) {
    notes.push(`The definition names the group '${conversion.nameInFile}'; it is deployed as '${target.name}' (the name in the settings).`);
  }
  const apiVersion = requestApiVersion(conversion.apiVersionInFile, conversion.kind);
  notes.push(`Requests use api-version ${apiVersion}${conversion.apiVersionInFile ? ', as the definition names' : ' (the definition names none)'}.`);
  if (conversion.locationChoice) notes.push(describeLocationChoice(conversion.locationChoice));
  if (conversion.dropped.length) notes.push(`Not sent (set by Azure or not part of the resource): ${conversion.dropped.join(', ')}.`);
  return {
    conversion,
    body: resolved.body as RequestBody,
    secretValues: resolved.secretValues,
    secretUses: resolved.used,
    prefix: conversion.shape === 'armTemplate' ? ['resources', conversion.resourceIndex ?? 0] : [],
    apiVersion,
    kind: conversion.kind,
    notes,
  };
}

/**
 * The api-version requests use: the definition's own when it is a known, published or newer one (the service
 * answers for versions it has), ACI_API_VERSION when it names none; an unknown or malformed one, or a template
 * expression (its value is known only to ARM), is refused.
 */
export function requestApiVersion(inFile: string | undefined, kind: ResourceKind = CONTAINER_GROUP): string {
  if (kind !== CONTAINER_GROUP) return kindApiVersion(inFile, kind);
  const choice = chooseSchemaVersion(inFile);
  if (choice.status === 'absent' || inFile === undefined) return ACI_API_VERSION;
  if (choice.status === 'expression') {
    throw new DeployInputError(
      `apiVersion '${inFile}' is a template expression, known only when ARM deploys a template; write the version itself (one of: ${schemaVersions().map((v) => v.version).join(', ')}), or deploy the file as an ARM template.`,
    );
  }
  if (choice.status === 'unknown' || choice.status === 'malformed') {
    throw new DeployInputError(`apiVersion '${inFile}' is not an api-version of container groups; use one of: ${schemaVersions().map((v) => v.version).join(', ')}.`);
  }
  return inFile.trim();
}

/**
 * A profile's or NGroups resource's api-version: one whose schema has the type (the first when the file names
 * none), or one newer than any known; any other is refused, as validation flags it.
 */
function kindApiVersion(inFile: string | undefined, kind: ResourceKind): string {
  const versions = versionsWithType(kind.type);
  if (inFile === undefined || inFile.trim() === '') return versions[0];
  const choice = chooseSchemaVersion(inFile);
  if (versions.includes(inFile.trim()) || choice.status === 'newer') return inFile.trim();
  throw new DeployInputError(`apiVersion '${inFile}' has no ${kind.type} in this extension; use one of: ${versions.join(', ')}.`);
}

/** The group as Azure has it now, or undefined when it does not exist yet. */
export async function readExistingGroup(client: ArmClient, ref: ContainerGroupRef, signal?: AbortSignal, apiVersion?: string, collection?: string): Promise<ContainerGroupResource | undefined> {
  try {
    return (await getContainerGroup(client, ref, { signal, apiVersion, collection })).body;
  } catch (err) {
    if (err instanceof ArmError && err.status === 404) return undefined;
    throw err;
  }
}

/** An event as the instance view lists it (the live-state model's). */
export type DeployedEvent = LiveEvent;

export interface DeployedContainer {
  name: string;
  state?: string;
  detailStatus?: string;
  restartCount?: number;
  events: DeployedEvent[];
}

export interface DeployedGroup {
  provisioningState?: string;
  ipType?: string;
  ip?: string;
  fqdn?: string;
  ports: string[];
  instanceState?: string;
  events: DeployedEvent[];
  containers: DeployedContainer[];
}

/** What a deploy reports of the group: the live-state model's reading of it, containers without init containers. */
export function summarizeDeployedGroup(resource: unknown): DeployedGroup {
  const live = readLiveGroup(resource);
  return {
    provisioningState: live.provisioningState,
    ipType: live.ipType,
    ip: live.ip,
    fqdn: live.fqdn,
    ports: portSummaries(prop(prop(prop(resource, 'properties'), 'ipAddress'), 'ports')).map((p) => `${p.port}/${p.protocol}`),
    instanceState: live.state,
    events: live.events,
    containers: live.containers
      .filter((c) => !c.init)
      .map((c) => ({
        name: c.name || '(unnamed)',
        state: c.current?.state,
        detailStatus: c.current?.detailStatus,
        restartCount: c.restartCount,
        events: c.events,
      })),
  };
}

/** Output-channel lines for the instance view: group state and events, then each container's. */
export function describeInstanceView(group: DeployedGroup): string[] {
  const line = (e: DeployedEvent) =>
    `    ${e.lastTimestamp ?? ''} ${e.type ?? ''} ${e.name ?? ''}: ${e.message ?? ''}${e.count && e.count > 1 ? ` (×${e.count})` : ''}`.replace(/\s+:/, ':');
  const out = [`Instance state: ${group.instanceState ?? 'unknown'}`];
  if (group.events.length) out.push('  Events:', ...group.events.map(line));
  for (const c of group.containers) {
    const detail = [c.state ?? 'unknown', c.detailStatus, c.restartCount ? `${c.restartCount} restarts` : undefined].filter(Boolean).join(', ');
    out.push(`  Container ${c.name}: ${detail}`);
    out.push(...c.events.map(line));
  }
  return out;
}

export type DeployRunOptions = Pick<PutContainerGroupOptions, 'signal' | 'onProgress' | 'onThrottle' | 'defaultPollMs' | 'sleep' | 'apiVersion' | 'collection'>;

export interface DeployRun {
  resource: ContainerGroupResource;
  group: DeployedGroup;
  polls: number;
  elapsedMs: number;
}

/** PUT and wait for a terminal state; throws ArmError (kind `lro` on Failed/Canceled, `canceled` on abort). */
export async function deployBody(client: ArmClient, ref: ContainerGroupRef, body: RequestBody, options: DeployRunOptions = {}): Promise<DeployRun> {
  const result = await putContainerGroup(client, ref, body, options);
  return { resource: result.resource, group: summarizeDeployedGroup(result.resource), polls: result.polls, elapsedMs: result.elapsedMs };
}
