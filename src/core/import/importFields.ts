/**
 * The fields an imported definition keeps: what the schema says can be written (writableFields.ts), with every
 * secret field holding a `{{secret:NAME}}` placeholder. Plain data in and out: this and the schema it reads load
 * with the first import, from their own file (esbuild.mjs).
 */
import type { PlainObject } from '../definition/plainValues';
import { addSecretPlaceholders, type ImportGap, type PlaceholderUse, type ReusedNames } from './secretPlaceholders';
import { writableGroup } from './writableFields';

export interface ImportFields {
  value: PlainObject;
  /** Fields of the response left out (read-only or unknown to the schema). */
  dropped: string[];
  /** The placeholders written, with the field each one fills. */
  secrets: PlaceholderUse[];
  /** Secret settings Azure returns nothing of, to be filled in by hand. */
  gaps: ImportGap[];
}

/** `reuse` names the secrets the user already stores for fields of this group (from its definition in the view). */
export function importFields(resource: unknown, groupName: string, reuse?: ReusedNames): ImportFields {
  const { value, dropped } = writableGroup(resource);
  const { uses, gaps } = addSecretPlaceholders(value, groupName, reuse);
  return { value, dropped, secrets: uses, gaps };
}
