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
 * The api-version a live read of the group uses: the one its definition names, as deploy sends it, so the fields
 * of a newer version come back; undefined (the default version) when the definition names none or none deploy
 * would accept.
 */
export function liveReadApiVersion(definition: unknown, target: { name: string; location?: string }): string | undefined {
  try {
    return requestApiVersion(toRequestBody(definition, { location: target.location, name: target.name }).apiVersionInFile);
  } catch (err) {
    if (err instanceof DeployInputError) return undefined;
    throw err;
  }
}

export type LiveResult =
  | { deployed: false }
  /** `resource` is the GET body as Azure sent it, kept to compare with the definition as it is edited. */
  | { deployed: true; group: LiveGroup; resource: unknown };

/** One GET through the ARM client (at `apiVersion`, default 2023-05-01); 404 means not deployed yet. Other failures throw (ArmError). */
export async function fetchLiveState(client: ArmClient, ref: ContainerGroupRef, signal?: AbortSignal, apiVersion?: string): Promise<LiveResult> {
  // At the api-version the group's definition names (requestApiVersion), so the newer fields it has come back too.
  const resource = await readExistingGroup(client, ref, signal, apiVersion);
  return resource ? { deployed: true, group: readLiveGroup(resource), resource } : { deployed: false };
}
