export { validateText } from './validateText';
export { validateParsed, ValidationCache, compareFindings } from './validate';
export { getSchemaForPath, resolveRef, rootSchema, SCHEMA_API_VERSION, SchemaNode } from './schema';
export { Code } from './codes';
export { isTemplateExpression } from './normalize';
