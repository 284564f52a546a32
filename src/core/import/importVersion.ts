/**
 * The api-version an import reads and writes: the user picks one of the stable versions with a schema (newest
 * first, preselected). A cloud or region that has not registered the picked version refuses the GET; the import
 * then reads at the base version (2023-05-01), which every Azure cloud serves, and says so.
 *
 * ARM's refusals of an api-version on record:
 * - `NoRegisteredProviderFound` (HTTP 400) "No registered resource provider found for location 'chinanorth3' and
 *   API version '2024-05-01-preview' for type 'containerGroups'. The supported api-versions are '…, 2023-05-01,
 *   2023-05-15-preview'…" (Azure/azure-cli#30847 and #30444, Azure China; Azure/azure-rest-api-specs#11634 for a
 *   version published before it was deployed);
 * - `InvalidApiVersionParameter` (HTTP 400) "The api-version '…' is invalid. The supported versions are '…'."
 *   (Azure/azure-sdk-for-python#34446, Azure/azure-cli#25572).
 */
import { errorMessage, isArmError } from '../arm/errors';
import { schemaVersions, SCHEMA_API_VERSION } from '../schema/apiVersionList';

/** The stable versions an import can write, newest first (the one preselected). */
export function importVersions(): string[] {
  return schemaVersions()
    .filter((v) => !v.preview)
    .map((v) => v.version)
    .reverse();
}

const REFUSAL_CODES = new Set(['noregisteredproviderfound', 'invalidapiversionparameter']);

/** True when ARM refused the request for its api-version (not for the group or the caller). */
export function isApiVersionRefusal(err: unknown): boolean {
  return isArmError(err) && err.kind === 'http' && typeof err.code === 'string' && REFUSAL_CODES.has(err.code.toLowerCase());
}

export interface VersionedRead<T> {
  value: T;
  /** The api-version the value was read at, which the file names. */
  apiVersion: string;
  /** Set when the picked version was refused and the base version was read instead. */
  refused?: { version: string; message: string };
}

/** Reads at `picked`; a refusal of that version reads again at the base version. Other failures throw. */
export async function readAtVersion<T>(picked: string, read: (apiVersion: string) => Promise<T>): Promise<VersionedRead<T>> {
  try {
    return { value: await read(picked), apiVersion: picked };
  } catch (err) {
    if (picked === SCHEMA_API_VERSION || !isApiVersionRefusal(err)) throw err;
    const message = (isArmError(err) && err.serviceMessage) || errorMessage(err);
    return { value: await read(SCHEMA_API_VERSION), apiVersion: SCHEMA_API_VERSION, refused: { version: picked, message } };
  }
}
