/**
 * ARM template structure: where container group resources sit (a template's `resources`, as an array or by
 * symbolic name, nested deployments' inner templates, or a resource on its own) and which parameters their
 * `[parameters('…')]` expressions refer to.
 */
import { findProperty } from './nodeQuery';
import { DefinitionFormat, DefinitionNode, PathSegment, ScalarNode } from './types';
import { isTemplateExpression } from './templateExpression';

const CONTAINER_GROUP_TYPE = 'microsoft.containerinstance/containergroups';
const DEPLOYMENT_TYPE = 'microsoft.resources/deployments';

export interface TemplateParameter {
  /** As declared. */
  name: string;
  /** The declared type in lower case (`int`, `string`, `securestring`…). */
  type?: string;
  /** A default that is a plain scalar (not an expression), the value a deploy without this parameter uses. */
  defaultValue?: ScalarNode;
  /** The plain scalar values of `allowedValues`. */
  allowedValues: ScalarNode[];
}

/** Parameters of one template by lower-case name (ARM compares parameter names ignoring case). */
export type TemplateParameters = Map<string, TemplateParameter>;

export interface TemplateGroup {
  node: DefinitionNode;
  /** Path of the resource in the document. */
  path: PathSegment[];
  /** The parameters its expressions see. */
  parameters: TemplateParameters;
}

function typeOf(node: DefinitionNode | undefined): string | undefined {
  const type = findProperty(node, 'type');
  return type?.kind === 'string' ? String(type.value).toLowerCase() : undefined;
}

export function isDeploymentResource(node: DefinitionNode | undefined): boolean {
  return typeOf(node) === DEPLOYMENT_TYPE;
}

/** The `$schema` of a deployment parameter file (schema.management.azure.com/schemas/VERSION/deploymentParameters.json#). */
const PARAMETER_FILE_SCHEMA = /\/deploymentParameters\.json#?$/i;

/**
 * A deployment parameter file: `parameters` whose members each give a `value` or a Key Vault `reference`,
 * recognised by its `$schema`, or without one by that shape and no resources or container group properties.
 */
export function isParameterFile(root: DefinitionNode | undefined): boolean {
  const schema = findProperty(root, '$schema');
  if (schema?.kind === 'string' && PARAMETER_FILE_SCHEMA.test(String(schema.value).trim())) return true;
  const parameters = findProperty(root, 'parameters');
  if (parameters?.kind !== 'object' || parameters.properties.length === 0) return false;
  if (findProperty(root, 'resources') || findProperty(root, 'properties') || findProperty(root, 'type')) return false;
  return parameters.properties.every((p) => p.kind === 'object' && (findProperty(p, 'value') !== undefined || findProperty(p, 'reference') !== undefined));
}

export function isContainerGroupResource(node: DefinitionNode | undefined): boolean {
  return typeOf(node) === CONTAINER_GROUP_TYPE;
}

/**
 * A container group resource on its own, as written in a template (JSON, with `type` and `apiVersion`): its
 * strings may be template expressions. YAML for `az container create` is never evaluated, so it is not one.
 */
export function isStandaloneTemplateResource(root: DefinitionNode | undefined, format: DefinitionFormat): boolean {
  return format === 'json' && isContainerGroupResource(root) && findProperty(root, 'apiVersion') !== undefined;
}

function isPlainScalar(node: DefinitionNode | undefined): node is ScalarNode {
  return !!node && (node.kind === 'string' || node.kind === 'number' || node.kind === 'boolean') && !isTemplateExpression(node.value);
}

export function readParameters(template: DefinitionNode | undefined): TemplateParameters {
  const out: TemplateParameters = new Map();
  const declared = findProperty(template, 'parameters');
  if (declared?.kind !== 'object') return out;
  for (const p of declared.properties) {
    if (p.key === undefined) continue;
    const type = findProperty(p, 'type');
    const defaultValue = findProperty(p, 'defaultValue');
    const allowed = findProperty(p, 'allowedValues');
    out.set(p.key.toLowerCase(), {
      name: p.key,
      type: type?.kind === 'string' ? String(type.value).toLowerCase() : undefined,
      defaultValue: isPlainScalar(defaultValue) ? defaultValue : undefined,
      allowedValues: allowed?.kind === 'array' ? allowed.children.filter(isPlainScalar) : [],
    });
  }
  return out;
}

/**
 * The container group resources of a template, nested deployments included. An inner template sees its own
 * parameters when its `expressionEvaluationOptions.scope` is `inner`, the outer template's otherwise.
 */
export function templateContainerGroups(template: DefinitionNode, path: PathSegment[] = [], outer?: TemplateParameters): TemplateGroup[] {
  return templateResourcesOf(template, (type) => type === CONTAINER_GROUP_TYPE, path, outer);
}

/** The resources of a template (nested deployments included) whose lower-case `type` passes `wanted`. */
export function templateResourcesOf(template: DefinitionNode, wanted: (type: string | undefined) => boolean, path: PathSegment[] = [], outer?: TemplateParameters): TemplateGroup[] {
  const resources = findProperty(template, 'resources');
  const own = readParameters(template);
  const parameters = outer ?? own;
  const entries: [DefinitionNode, PathSegment][] =
    resources?.kind === 'array' ? resources.children.map((c, i) => [c, i]) : resources?.kind === 'object' ? resources.properties.map((p) => [p, p.key ?? '']) : [];
  const out: TemplateGroup[] = [];
  for (const [item, seg] of entries) {
    const at: PathSegment[] = [...path, 'resources', seg];
    const type = typeOf(item);
    if (wanted(type)) out.push({ node: item, path: at, parameters });
    if (type !== DEPLOYMENT_TYPE) continue;
    const props = findProperty(item, 'properties');
    const inner = findProperty(props, 'template');
    if (inner?.kind !== 'object') continue;
    const scope = findProperty(findProperty(props, 'expressionEvaluationOptions'), 'scope');
    const innerScope = scope?.kind === 'string' && String(scope.value).toLowerCase() === 'inner';
    out.push(...templateResourcesOf(inner, wanted, [...at, 'properties', 'template'], innerScope ? undefined : parameters));
  }
  return out;
}

const PARAMETER_REFERENCE = /^\[\s*parameters\(\s*'((?:[^']|'')*)'\s*\)\s*\]\s*$/i;

/** The parameter name of a value that is exactly `[parameters('name')]`. */
export function parameterReference(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = PARAMETER_REFERENCE.exec(value);
  return m?.[1]?.replace(/''/g, "'");
}
