/**
 * The container group JSON Schema's validators, compiled at build time (build/compileSchema.mjs) from
 * schemas/container-group.schema.json: starting the CLI or the language worker compiles nothing.
 */
import type { ValidateFunction } from 'ajv';
import * as generated from './generated/schemaValidators';

const validators = generated as unknown as Record<string, ValidateFunction | undefined>;

/** Validator of one definition of the schema (e.g. `Container`). */
export function validatorFor(definition: string): ValidateFunction {
  const fn = Object.prototype.hasOwnProperty.call(validators, definition) ? validators[definition] : undefined;
  if (!fn) throw new Error(`No compiled validator for ${definition}: add it to ENTRY_POINTS in build/compileSchema.mjs`);
  return fn;
}
