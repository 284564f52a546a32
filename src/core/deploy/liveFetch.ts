/**
 * The live state of a configured container group: one GET through the ARM client (404: not deployed yet), and
 * how the definition differs from the deployed group, in the lines the deploy confirmation lists.
 */
import type { ArmClient } from '../arm/client';
import { readLiveGroup, type LiveGroup } from '../containerGroup/liveState';
import type { ContainerGroupRef } from '../services/containerGroups';
import { readExistingGroup, requestApiVersion } from './deployContainerGroup';
import { describeChanges } from './diff';
import { DeployInputError, toRequestBody } from './requestBody';
import { CONTAINER_GROUP } from '../schema/resourceKinds';

export type DefinitionComparison = { ok: true; changes: string[] } | { ok: false; message: string };

/**
 * The definition as deploy would send it, compared with the deployed group by the deploy confirmation's own
 * change summary. Stored secrets are not needed: secret fields are never compared.
 */
export function compareWithDefinition(deployed: unknown, definition: unknown, target: { name: string; location?: string }): DefinitionComparison {
  try {
    const body = toRequestBody(definition, { location: target.location, name: target.name }).body;
    return { ok: true, changes: describeChanges(deployed, body) };
  } catch (err) {
    if (err instanceof DeployInputError) return { ok: false, message: err.message };
    throw err;
  }
}

/**
 * How a live read of the resource goes: at the api-version its definition names, as deploy sends it, so the
 * fields of a newer version come back (undefined: the default version, when the definition names none or none
 * deploy would accept); and, for a container group profile or NGroups definition, at that resource type's path.
 */
export interface LiveRead {
  apiVersion?: string;
  /** containerGroupProfiles or ngroups; undefined for a container group. */
  collection?: string;
}

export function liveReadOf(definition: unknown, target: { name: string; location?: string }): LiveRead {
  try {
    const conversion = toRequestBody(definition, { location: target.location, name: target.name });
    const collection = conversion.kind === CONTAINER_GROUP ? undefined : conversion.kind.collection;
    return { apiVersion: requestApiVersion(conversion.apiVersionInFile, conversion.kind), collection };
  } catch (err) {
    if (err instanceof DeployInputError) return {};
    throw err;
  }
}

/** The api-version of a live read (liveReadOf), for reads of a container group only. */
export function liveReadApiVersion(definition: unknown, target: { name: string; location?: string }): string | undefined {
  return liveReadOf(definition, target).apiVersion;
}

export type LiveResult =
  | { deployed: false }
  /** `resource` is the GET body as Azure sent it, kept to compare with the definition as it is edited. */
  | { deployed: true; group: LiveGroup; resource: unknown };

/** One GET through the ARM client (at `read.apiVersion`, default 2023-05-01); 404 means not deployed yet. Other failures throw (ArmError). */
export async function fetchLiveState(client: ArmClient, ref: ContainerGroupRef, signal?: AbortSignal, read: LiveRead = {}): Promise<LiveResult> {
  // At the api-version the group's definition names (requestApiVersion), so the newer fields it has come back too.
  const resource = await readExistingGroup(client, ref, signal, read.apiVersion, read.collection);
  return resource ? { deployed: true, group: readLiveGroup(resource), resource } : { deployed: false };
}
