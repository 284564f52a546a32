/**
 * The container group JSON Schema's validators, compiled at build time (build/compileSchema.mjs) from
 * schemas/container-group.schema.json and each newer api-version's schema: starting the CLI or the language
 * worker compiles nothing, and a version's validators load on the first use of that version.
 */
import type { ValidateFunction } from 'ajv';
import * as generated from './generated/schemaValidators';
import { loaders } from './generated/loaders';
import { SCHEMA_API_VERSION } from '../schema/apiVersionList';

type Validators = Record<string, ValidateFunction | undefined>;
const byVersion = new Map<string, Validators>([[SCHEMA_API_VERSION, generated as unknown as Validators]]);
const load = loaders as Record<string, () => Validators>;

/** Validator of one definition of a version's schema (e.g. `Container`). */
export function validatorFor(definition: string, version: string = SCHEMA_API_VERSION): ValidateFunction {
  let validators = byVersion.get(version);
  if (!validators && Object.prototype.hasOwnProperty.call(load, version)) {
    validators = load[version]();
    byVersion.set(version, validators);
  }
  const fn = validators && Object.prototype.hasOwnProperty.call(validators, definition) ? validators[definition] : undefined;
  if (!fn) throw new Error(`No compiled validator for ${definition} at api-version ${version}: add it to ENTRY_POINTS in build/compileSchema.mjs`);
  return fn;
}
