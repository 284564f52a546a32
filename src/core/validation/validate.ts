/**
 * Validation of a parsed definition: lenient normalization, the JSON Schema (ajv) and the rules.
 * Each container is validated on its own and cached by its text, so after an edit only changed
 * containers are checked again; the rules that span the group run on the cached results.
 */
import { findProperty } from '../definition/nodeQuery';
import { shiftFinding } from '../definition/shiftFinding';
import { DefinitionFormat, DefinitionNode, Finding, PathSegment } from '../definition/types';
import { Code } from '../definition/findingCodes';
import { normalize, NormalizeContext } from './normalize';
import { checkContainer } from './rules/containerRules';
import { checkGroup } from './rules/groupRules';
import { RuleContext } from './rules/ruleContext';
import { definition } from '../schema/schemaLookup';
import { validatorFor } from './validators';
import { schemaFindings } from './schemaErrors';

export interface ParsedDefinition {
  text: string;
  format: DefinitionFormat;
  root: DefinitionNode | undefined;
  parseDiagnostics: Finding[];
  cache: ValidationCache;
}

interface CachedContainer {
  /** Ranges relative to the container's start offset, paths relative to the container. */
  findings: Finding[];
  value: unknown;
}

const CACHE_LIMIT = 20000;
const CONTAINER_GROUP_TYPE = 'microsoft.containerinstance/containergroups';

export class ValidationCache {
  private readonly containers = new Map<string, CachedContainer>();
  /** Unchanged containers keep their node across incremental edits: found without reading their text. */
  private readonly byNode = new WeakMap<DefinitionNode, CachedContainer & { template: boolean }>();
  hits = 0;
  misses = 0;

  /**
   * `reliable` is false when a syntax error touches the container: error recovery can then build a different
   * tree from the same container text, so results are neither cached nor reused.
   */
  container(item: DefinitionNode, text: string, format: DefinitionFormat, template: boolean, reliable = true): CachedContainer {
    if (!reliable) return validateContainer(item, text, format, template);
    const known = this.byNode.get(item);
    if (known && known.template === template) {
      this.hits++;
      return known;
    }
    const entry = this.byText(item, text, format, template);
    this.byNode.set(item, { ...entry, template });
    return entry;
  }

  private byText(item: DefinitionNode, text: string, format: DefinitionFormat, template: boolean): CachedContainer {
    const key = `${format}|${template ? 1 : 0}|${text.slice(item.range.start, item.range.end)}`;
    const hit = this.containers.get(key);
    if (hit) {
      this.hits++;
      return hit;
    }
    this.misses++;
    const entry = validateContainer(item, text, format, template);
    if (this.containers.size >= CACHE_LIMIT) this.containers.clear();
    this.containers.set(key, entry);
    return entry;
  }
}

function validateContainer(item: DefinitionNode, text: string, format: DefinitionFormat, template: boolean): CachedContainer {
  const ctx: NormalizeContext = { text, format, template, findings: [], expressions: new Set(), base: ['properties', 'containers', 0] };
  const value = normalize(item, definition('Container'), [], ctx);
  const validate = validatorFor('Container');
  validate(value);
  const findings = [...ctx.findings, ...schemaFindings(validate.errors, item, [], ctx.expressions)];
  const rules: RuleContext = { base: item, prefix: [], template, findings };
  checkContainer(value, [], rules, 'container');
  const origin = item.range.start;
  return { value, findings: findings.map((f) => relocate(f, -origin, [])) };
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

export function compareFindings(a: Finding, b: Finding): number {
  return a.range.start - b.range.start || a.range.end - b.range.end || a.code.localeCompare(b.code) || a.message.localeCompare(b.message);
}

function validateRoot(doc: ParsedDefinition, findings: Finding[]): void {
  const root = doc.root;
  if (!root) return;
  if (root.kind !== 'object') {
    findings.push({ code: Code.notAnObject, severity: 'error', message: 'A container group definition must be an object with keys such as apiVersion, name, location and properties.', range: { start: root.range.start, end: Math.min(root.range.end, root.range.start + 1) }, path: [] });
    return;
  }
  const resources = findProperty(root, 'resources');
  if (resources) {
    const entries: [DefinitionNode, PathSegment][] =
      resources.kind === 'array' ? resources.children.map((c, i) => [c, i]) : resources.kind === 'object' ? resources.properties.map((p) => [p, p.key ?? '']) : [];
    for (const [item, seg] of entries) {
      const type = findProperty(item, 'type');
      if (type?.kind === 'string' && String(type.value).toLowerCase() === CONTAINER_GROUP_TYPE) {
        validateGroup(doc, item, ['resources', seg], 'ArmContainerGroupResource', true, findings);
      }
    }
    return;
  }
  validateGroup(doc, root, [], doc.format === 'yaml' || findProperty(root, 'apiVersion') ? 'ContainerGroupYamlFile' : 'ContainerGroup', false, findings);
}

function validateGroup(doc: ParsedDefinition, node: DefinitionNode, prefix: PathSegment[], def: string, template: boolean, findings: Finding[]): void {
  const ctx: NormalizeContext = { text: doc.text, format: doc.format, template, findings: [], expressions: new Set(), skipItemsOf: '/properties/containers' };
  const value = normalize(node, definition(def), [], ctx);
  for (const f of ctx.findings) findings.push({ ...f, path: [...prefix, ...f.path] });
  const validate = validatorFor(def);
  validate(value);
  findings.push(...schemaFindings(validate.errors, node, prefix, ctx.expressions));

  const items = ctx.skippedItems ?? [];
  // A syntax error makes only the containers it touches unreliable (see ValidationCache.container).
  const errors = doc.parseDiagnostics.filter((d) => d.severity === 'error');
  const containerValues: unknown[] = [];
  items.forEach((item, i) => {
    const reliable = !errors.some((d) => d.range.start <= item.range.end && d.range.end >= item.range.start);
    const cached = doc.cache.container(item, doc.text, doc.format, template, reliable);
    containerValues.push(cached.value);
    const itemPrefix = [...prefix, 'properties', 'containers', i];
    for (const f of cached.findings) findings.push(relocate(f, item.range.start, itemPrefix));
  });
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    checkGroup(value as Record<string, unknown>, containerValues, { base: node, prefix, template, findings });
  }
}
