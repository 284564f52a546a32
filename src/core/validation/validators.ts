/** The container group JSON Schema compiled by ajv: one instance, each definition compiled once. */
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { rootSchema } from '../schema/schemaLookup';

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function getAjv(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, strictTypes: false, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 });
    ajv.addFormat('double', { type: 'number', validate: (n: number) => Number.isFinite(n) });
    ajv.addVocabulary(['markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions']);
    ajv.addSchema(rootSchema);
  }
  return ajv;
}

/** Validator of one definition (e.g. `Container`), compiled once. */
export function validatorFor(definition: string): ValidateFunction {
  let fn = compiled.get(definition);
  if (!fn) {
    fn = getAjv().getSchema(`${rootSchema.$id as string}#/definitions/${definition}`);
    if (!fn) throw new Error(`No schema definition ${definition}`);
    compiled.set(definition, fn);
  }
  return fn;
}
