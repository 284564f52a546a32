/**
 * The fields an imported definition keeps: what the schema says can be written (writableFields.ts), with every
 * secret field holding a `{{secret:NAME}}` placeholder. Plain data in and out: this and the schema it reads load
 * with the first import, from their own file (esbuild.mjs).
 */
import type { PlainObject } from '../definition/plainValues';
import { addSecretPlaceholders, type ImportGap, type PlaceholderUse, type ReusedNames } from './secretPlaceholders';
import { writableGroup } from './writableFields';
import { newestStableVersion } from '../schema/apiVersion';

export interface ImportFields {
  value: PlainObject;
  /** Fields of the response left out (read-only or unknown to the schema). */
  dropped: string[];
  /** The placeholders written, with the field each one fills. */
  secrets: PlaceholderUse[];
  /** Secret settings Azure returns nothing of, to be filled in by hand. */
  gaps: ImportGap[];
  /** The api-version the fields were kept for (the file's apiVersion). */
  apiVersion: string;
}

/**
 * `reuse` names the secrets the user already stores for fields of this group (from its definition in the view);
 * the fields kept are those of `apiVersion` (the newest stable one unless the caller picks another).
 */
export function importFields(resource: unknown, groupName: string, reuse?: ReusedNames, apiVersion: string = newestStableVersion()): ImportFields {
  const { value, dropped } = writableGroup(resource, apiVersion);
  const { uses, gaps } = addSecretPlaceholders(value, groupName, reuse);
  return { value, dropped, secrets: uses, gaps, apiVersion };
}
