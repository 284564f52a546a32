/**
 * Validation of a parsed definition: lenient normalization, the JSON Schema (ajv) and the rules.
 * Each container is validated on its own and cached by its text, so after an edit only changed
 * containers are checked again; the rules that span the group run on the cached results.
 */
import { findProperty } from '../definition/nodeQuery';
import { isParameterFile, isStandaloneTemplateResource, templateResourcesOf, TemplateParameters } from '../definition/armTemplate';
import { allowedValueBindings, fileBinding, labelParameterFindings, ParameterBinding, ParameterUse } from './parameterBinding';
import type { ParameterFileValues } from '../definition/parameterFiles';
import { shiftFinding } from '../definition/shiftFinding';
import { DefinitionFormat, DefinitionNode, Finding, PathSegment } from '../definition/types';
import { Code } from '../definition/findingCodes';
import { normalize, NormalizeContext } from './normalize';
import { checkContainer } from './rules/containerRules';
import { checkGroup } from './rules/groupRules';
import { RuleContext } from './rules/ruleContext';
import { definition } from '../schema/schemaLookup';
import { schemaVersionOf } from '../schema/apiVersion';
import { validatorFor } from './validators';
import { schemaFindings } from './schemaErrors';
import { apiVersionFindings, withVersionFixes } from './apiVersionFindings';
import { CONTAINER_GROUP, CONTAINER_GROUP_PROFILE, kindChoice, NGROUP, otherKindOfType, ResourceKind, resourceKindOf } from '../schema/resourceKinds';
import { kindVersionFindings } from './kindFindings';

export interface ParsedDefinition {
  text: string;
  format: DefinitionFormat;
  root: DefinitionNode | undefined;
  parseDiagnostics: Finding[];
  cache: ValidationCache;
  /** A template's parameter file: its values are checked in place of the defaults. */
  parameterFile?: ParameterFileValues;
}

interface CachedContainer {
  /** Ranges relative to the container's start offset, paths relative to the container. */
  findings: Finding[];
  value: unknown;
  uses: ParameterUse[];
}

const CACHE_LIMIT = 20000;

/** A YAML alias token (`*name`) may be in the text: conservative, a `*` starting a word in a value counts too. */
const YAML_ALIAS = /(?:^|[\s[{,])\*[^\s[\]{},]/;

export class ValidationCache {
  private readonly containers = new Map<string, CachedContainer>();
  /** Unchanged containers keep their node across incremental edits: found without reading their text. */
  private readonly byNode = new WeakMap<DefinitionNode, CachedContainer & { key: string }>();
  hits = 0;
  misses = 0;

  /**
   * `reliable` is false when a syntax error touches the container: error recovery can then build a different
   * tree from the same container text, so results are neither cached nor reused.
   */
  container(item: DefinitionNode, text: string, format: DefinitionFormat, template: boolean, reliable = true, binding?: ParameterBinding, version?: string): CachedContainer {
    if (!reliable) return validateContainer(item, text, format, template, binding, version);
    const key = `${format}|${template ? 1 : 0}|${binding?.key ?? ''}|${version ?? ''}`;
    const known = this.byNode.get(item);
    if (known && known.key === key) {
      this.hits++;
      return known;
    }
    const entry = this.byText(item, text, key, format, template, binding, version);
    this.byNode.set(item, { ...entry, key });
    return entry;
  }

  private byText(item: DefinitionNode, text: string, prefix: string, format: DefinitionFormat, template: boolean, binding?: ParameterBinding, version?: string): CachedContainer {
    const own = text.slice(item.range.start, item.range.end);
    // An alias reads an anchored value written elsewhere: the same text may then hold different values.
    if (format === 'yaml' && YAML_ALIAS.test(own)) {
      this.misses++;
      return validateContainer(item, text, format, template, binding, version);
    }
    const key = `${prefix}|${own}`;
    const hit = this.containers.get(key);
    if (hit) {
      this.hits++;
      return hit;
    }
    this.misses++;
    const entry = validateContainer(item, text, format, template, binding, version);
    if (this.containers.size >= CACHE_LIMIT) this.containers.clear();
    this.containers.set(key, entry);
    return entry;
  }
}

function validateContainer(item: DefinitionNode, text: string, format: DefinitionFormat, template: boolean, binding?: ParameterBinding, version?: string): CachedContainer {
  const uses: ParameterUse[] = [];
  const schema = version ? { version, root: 'Container' } : undefined;
  const ctx: NormalizeContext = { text, format, template, findings: [], expressions: new Set(), base: ['properties', 'containers', 0], binding, uses, schema };
  const value = normalize(item, definition('Container', version), [], ctx);
  const validate = validatorFor('Container', version);
  validate(value);
  const findings = [...ctx.findings, ...schemaFindings(validate.errors, item, [], ctx.expressions, value)];
  const rules: RuleContext = { base: item, prefix: [], template, findings };
  checkContainer(value, [], rules, 'container');
  const origin = item.range.start;
  return { value, uses, findings: findings.map((f) => relocate(f, -origin, [])) };
}

function relocate(f: Finding, delta: number, prefix: PathSegment[]): Finding {
  return { ...shiftFinding(f, delta), path: [...prefix, ...f.path] };
}

export function validateParsed(doc: ParsedDefinition): Finding[] {
  const findings = [...doc.parseDiagnostics];
  try {
    validateRoot(doc, findings);
  } catch {
    findings.push({ code: Code.schemaOther, severity: 'error', message: 'The validator could not check this document (internal error).', range: { start: 0, end: 0 }, path: [] });
  }
  return findings.sort(compareFindings);
}

/** Code-unit order: a stable tie-break that, unlike localeCompare, does not load the ICU collator at start-up. */
const byCodeUnits = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

export function compareFindings(a: Finding, b: Finding): number {
  return a.range.start - b.range.start || a.range.end - b.range.end || byCodeUnits(a.code, b.code) || byCodeUnits(a.message, b.message);
}

function validateRoot(doc: ParsedDefinition, findings: Finding[]): void {
  const root = doc.root;
  if (!root) return;
  if (root.kind !== 'object') {
    findings.push({ code: Code.notAnObject, severity: 'error', message: 'A container group definition must be an object with keys such as apiVersion, name, location and properties.', range: { start: root.range.start, end: Math.min(root.range.end, root.range.start + 1) }, path: [] });
    return;
  }
  if (isParameterFile(root)) {
    const at = findProperty(root, 'parameters') ?? root;
    findings.push({ code: Code.parameterFile, severity: 'info', message: 'A deployment parameter file, not a container group definition or template: check the template it is deployed with. Its values are not shown.', range: at.keyRange ?? { start: at.range.start, end: at.range.start + 1 }, path: [] });
    return;
  }
  if (findProperty(root, 'resources')) {
    // The parameter file gives values to the top template's parameters only (not to a nested template's own).
    const resources = templateResourcesOf(root, (type) => type === CONTAINER_GROUP.type.toLowerCase() || otherKindOfType(type) !== undefined);
    for (const group of resources) {
      const kind = resourceKindOf(group.node);
      validateGroup(doc, group.node, group.path, kind.armDef, findings, group.parameters, group.path.length === 2 ? doc.parameterFile : undefined, kind);
    }
    return;
  }
  if (isStandaloneTemplateResource(root, doc.format)) return validateGroup(doc, root, [], 'ArmContainerGroupResource', findings, new Map());
  const kind = resourceKindOf(root);
  // A profile or NGroups resource on its own: JSON with an apiVersion is a template resource (its strings may be
  // expressions), as a container group's is; YAML or JSON without one is a plain definition.
  if (kind !== CONTAINER_GROUP) {
    const asResource = doc.format === 'json' && findProperty(root, 'apiVersion') !== undefined;
    return validateGroup(doc, root, [], asResource ? kind.armDef : kind.fileDef, findings, asResource ? new Map() : undefined, undefined, kind);
  }
  validateGroup(doc, root, [], doc.format === 'yaml' || findProperty(root, 'apiVersion') ? 'ContainerGroupYamlFile' : 'ContainerGroup', findings);
}

/**
 * A group outside a template is checked once. In a template, once with the parameters' defaults, then once per
 * allowed value of each parameter it uses, keeping what that value changes.
 */
function validateGroup(doc: ParsedDefinition, node: DefinitionNode, prefix: PathSegment[], def: string, findings: Finding[], parameters?: TemplateParameters, file?: ParameterFileValues, kind: ResourceKind = CONTAINER_GROUP): void {
  const base = fileBinding(parameters, file);
  const choice = kindChoice(kind, schemaVersionOf(node));
  const version = choice.version;
  findings.push(...(choice.lacking ? kindVersionFindings(kind, choice, prefix) : apiVersionFindings(choice, prefix)));
  const checkOnce = (binding: ParameterBinding | undefined, template: boolean) => {
    const run = checkGroupOnce(doc, node, prefix, def, template, binding, version, kind);
    // A value that is not text has its own error offering the versions; "quote it" would only make it malformed.
    const own = choice.status === 'notText' ? run.findings.filter((f) => !(f.code === Code.scalarAsString && f.range.start === choice.node?.range.start)) : run.findings;
    return { ...run, findings: withVersionFixes(own, choice) };
  };
  const first = checkOnce(base, parameters !== undefined);
  findings.push(...labelParameterFindings(first.findings, first.uses, base));
  const seen = new Set(findings.map((f) => `${f.range.start}|${f.message}`));
  for (const { name, binding } of allowedValueBindings(parameters, base, first.uses.map((u) => u.name))) {
    const run = checkOnce(binding, true);
    for (const f of labelParameterFindings(run.findings, run.uses, binding, name)) {
      const key = `${f.range.start}|${f.message}`;
      if (!seen.has(key)) findings.push(f);
      seen.add(key);
    }
  }
}

function checkGroupOnce(doc: ParsedDefinition, node: DefinitionNode, prefix: PathSegment[], def: string, template: boolean, binding: ParameterBinding | undefined, version: string, kind: ResourceKind): { findings: Finding[]; uses: ParameterUse[] } {
  const findings: Finding[] = [];
  const groupUses: ParameterUse[] = [];
  const ctx: NormalizeContext = { text: doc.text, format: doc.format, template, findings: [], expressions: new Set(), skipItemsOf: '/properties/containers', binding, uses: groupUses, schema: { version, root: def, noun: kind.noun } };
  const value = normalize(node, definition(def, version), [], ctx);
  for (const f of ctx.findings) findings.push({ ...f, path: [...prefix, ...f.path] });
  const uses = groupUses.map((u) => ({ ...u, path: [...prefix, ...u.path] }));
  const validate = validatorFor(def, version);
  validate(value);
  findings.push(...schemaFindings(validate.errors, node, prefix, ctx.expressions, value));

  const items = ctx.skippedItems ?? [];
  // A syntax error makes only the containers it touches unreliable (see ValidationCache.container).
  const errors = doc.parseDiagnostics.filter((d) => d.severity === 'error');
  const containerValues: unknown[] = [];
  items.forEach((item, i) => {
    const reliable = !errors.some((d) => d.range.start <= item.range.end && d.range.end >= item.range.start);
    const cached = doc.cache.container(item, doc.text, doc.format, template, reliable, binding, version);
    containerValues.push(cached.value);
    const itemPrefix = [...prefix, 'properties', 'containers', i];
    for (const f of cached.findings) findings.push(relocate(f, item.range.start, itemPrefix));
    for (const u of cached.uses) uses.push({ ...u, path: [...itemPrefix, ...u.path] });
  });
  // A profile's properties are a container group's (containers, volumes, network): the group's rules check them.
  if (value && typeof value === 'object' && !Array.isArray(value) && kind !== NGROUP) {
    checkGroup(value as Record<string, unknown>, containerValues, { base: node, prefix, template, findings, profile: kind === CONTAINER_GROUP_PROFILE });
  }
  return { findings, uses };
}
