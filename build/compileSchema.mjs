// Compiles the container group JSON Schema (schemas/container-group.schema.json, the one source of truth for
// 2023-05-01) and each newer api-version's schema (build/apiVersionSchemas.mjs, from the pinned specification in
// schemas/specs/) into standalone ajv validators at build time, so neither the CLI nor the editor compiles them.
// Writes (not committed) src/core/validation/generated/schemaValidators[-<version>].ts, the versions' schemas as
// src/core/schema/generated/containerGroupSchema-<version>.ts and the tables that load each on first use
// (schema/generated/versions.ts, and loaders.ts in both folders), when they are older than their inputs or these scripts;
// `npm run build` runs it before tsc, esbuild.mjs before bundling.
// Usage: node build/compileSchema.mjs
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileComposeSchema } from './compileComposeSchema.mjs';
import { RESOURCE_TYPES } from './resourceTypeSchemas.mjs';
import { pinnedVersions, publishedVersions, schemaFileName, specsDir, versionSchema } from './apiVersionSchemas.mjs';

const require = createRequire(import.meta.url);
const Ajv = require('ajv').default;
const { _ } = require('ajv');
const standaloneCode = require('ajv/dist/standalone').default;
const { fullFormats } = require('ajv-formats/dist/formats');

const self = fileURLToPath(import.meta.url);
const root = join(dirname(self), '..');
const schemaFile = join(root, 'schemas', 'container-group.schema.json');
const validatorsDir = join(root, 'src', 'core', 'validation', 'generated');
const schemasDir = join(root, 'src', 'core', 'schema', 'generated');
const target = join(validatorsDir, 'schemaValidators.ts');
const generator = join(dirname(self), 'apiVersionSchemas.mjs');
const typesGenerator = join(dirname(self), 'resourceTypeSchemas.mjs');
const HEADER = '// @ts-nocheck\n/* eslint-disable */\n';

// The formats the schema uses. Each validate function is written into the generated module as source, so it
// must not refer to anything outside itself. ajv-formats' `double` accepts anything; this one, as validation
// has always had it, only finite numbers.
const formats = {
  int32: { type: 'number', validate: (n) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 },
  double: { type: 'number', validate: (n) => Number.isFinite(n) },
};
const LIBRARY_FORMATS = ['date-time'];

// Keywords that only document (completion and hover read them from the schema itself): validation never reads
// them, so the generated code leaves them out.
const ANNOTATIONS = new Set(['title', 'description', 'default', 'readOnly', 'markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions', 'x-addedIn']);
// The definitions validation starts from (src/core/validation/validate.ts); what they refer to comes along.
// Exporting every definition would compile each shared part once more.
const ENTRY_POINTS = ['Container', 'ContainerGroup', 'ContainerGroupYamlFile', 'ArmContainerGroupResource'];
// A version that pins container group profiles and NGroups (build/resourceTypeSchemas.mjs) exports these too.
const RESOURCE_TYPE_ENTRY_POINTS = RESOURCE_TYPES.flatMap((t) => [t.file, t.arm]);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);

/** A copy of a schema without annotations; names under `properties` (and the like) are kept whatever they are. */
function withoutAnnotations(node) {
  if (Array.isArray(node)) return node.map(withoutAnnotations);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key)) continue;
    out[key] = SCHEMA_MAPS.has(key) && value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutAnnotations(sub)]))
      : withoutAnnotations(value);
  }
  return out;
}

/** Standalone validators of one schema (ENTRY_POINTS exported) written to `file`. */
function generate(fullSchema, file, from) {
  const schema = withoutAnnotations(fullSchema);
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    allowUnionTypes: true,
    code: { source: true, esm: true, formats: _`formats` },
  });
  for (const name of LIBRARY_FORMATS) ajv.addFormat(name, fullFormats[name]);
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  ajv.addVocabulary(['markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions', 'x-addedIn']);
  ajv.addSchema(schema);

  const entries = [...ENTRY_POINTS, ...RESOURCE_TYPE_ENTRY_POINTS.filter((name) => schema.definitions[name])];
  const exports = Object.fromEntries(entries.map((name) => [name, `${schema.$id}#/definitions/${name}`]));
  const formatSource = [
    ...LIBRARY_FORMATS.map((name) => `  ${JSON.stringify(name)}: fullFormats[${JSON.stringify(name)}],`),
    ...Object.entries(formats).map(([name, f]) => `  ${JSON.stringify(name)}: { type: ${JSON.stringify(f.type)}, validate: ${f.validate.toString()} },`),
  ].join('\n');

  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${HEADER}// Generated by build/compileSchema.mjs from ${from}: do not edit.\n` +
      `import { fullFormats } from 'ajv-formats/dist/formats';\nconst formats = {\n${formatSource}\n};\n` +
      standaloneCode(ajv, exports) +
      '\n',
  );
}

const mtime = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;

const tag = (version) => version.replace(/-/g, '_');

/**
 * Each pinned version: its schema as a module, its validators, and the tables naming them. The tables load a
 * version with a literal `require` inside a function, so bundles keep every version and evaluate it on first use.
 */
function generateVersions() {
  const base = JSON.parse(readFileSync(schemaFile, 'utf8'));
  const versions = pinnedVersions();
  mkdirSync(schemasDir, { recursive: true });
  for (const version of Object.keys(versions)) {
    const schema = versionSchema(version, base);
    const from = `schemas/specs/${versions[version].file}`;
    writeFileSync(join(schemasDir, `containerGroupSchema-${version}.ts`), `${HEADER}// Generated by build/compileSchema.mjs from ${from}: do not edit.\nexport const schema = ${JSON.stringify(schema)};\n`);
    generate(schema, join(validatorsDir, `schemaValidators-${version}.ts`), from);
  }
  const data =
    `${HEADER}// Generated by build/compileSchema.mjs from schemas/specs/sources.json: do not edit.\n` +
    `export const versions = ${JSON.stringify(Object.fromEntries(Object.entries(versions).map(([v, e]) => [v, { stable: e.stable, file: schemaFileName(v), types: e.resourceTypes?.types ?? [] }])))};\n` +
    `export const published = ${JSON.stringify(publishedVersions())};\n`;
  // The version list alone (no loaders), so code that only names versions does not bundle any schema.
  writeFileSync(join(schemasDir, 'versions.ts'), data);
  const loaders = (file, what) =>
    `${HEADER}// Generated by build/compileSchema.mjs from schemas/specs/sources.json: do not edit.\n` +
    `export const loaders = {\n${Object.keys(versions).map((v) => `  ${JSON.stringify(v)}: function load_${tag(v)}() { return require('./${file}-${v}')${what}; },`).join('\n')}\n};\n`;
  writeFileSync(join(schemasDir, 'loaders.ts'), loaders('containerGroupSchema', '.schema'));
  writeFileSync(join(validatorsDir, 'loaders.ts'), loaders('schemaValidators', ''));
}

/** Writes the validators and version schemas unless they are newer than every input and these scripts. */
export function compileSchema() {
  compileComposeSchema();
  const specs = readdirSync(specsDir, { recursive: true }).map((f) => join(specsDir, String(f)));
  const inputs = Math.max(mtime(schemaFile), mtime(self), mtime(generator), mtime(typesGenerator), ...specs.map(mtime));
  const outputs = [target, join(schemasDir, 'versions.ts'), join(schemasDir, 'loaders.ts'), join(validatorsDir, 'loaders.ts')];
  if (Math.min(...outputs.map(mtime)) > inputs) return;
  generate(JSON.parse(readFileSync(schemaFile, 'utf8')), target, 'schemas/container-group.schema.json');
  generateVersions();
}

if (process.argv[1] === self) compileSchema();
