/**
 * Which values written in a definition are secrets: values of secret fields (see `isSecretField`), defaults of
 * template parameters that are secure or go to a secret field, what a nested deployment passes into such a
 * parameter of its inner template, and the values of a deployment parameter file. The CLI, deploy and the
 * outline read this one walk.
 */
import { findProperty } from './nodeQuery';
import { isDeploymentResource, isParameterFile, parameterReference } from './armTemplate';
import { isSecretField, isSecretUrlField, urlUserinfo } from './secrets';
import type { DefinitionNode, PathSegment, ScalarNode } from './types';

/** ARM template parameter types whose values ARM never logs or returns. */
const SECURE_PARAMETER_TYPES = new Set(['securestring', 'secureobject']);

function members(node: DefinitionNode | undefined): DefinitionNode[] {
  return node?.kind === 'object' ? node.properties : [];
}

/** Lower-case names of the parameters that secret fields of a template's resources take as `[parameters('name')]`. */
function parametersOfSecretFields(template: DefinitionNode): Set<string> {
  const out = new Set<string>();
  const visit = (node: DefinitionNode, path: PathSegment[]): void => {
    if (node.kind === 'object') node.properties.forEach((p) => visit(p, [...path, p.key ?? '']));
    else if (node.kind === 'array') node.children.forEach((c, i) => visit(c, [...path, i]));
    else {
      const name = parameterReference(node.value);
      if (name !== undefined && isSecretField(path)) out.add(name.toLowerCase());
    }
  };
  const resources = findProperty(template, 'resources');
  if (resources) visit(resources, ['resources']);
  return out;
}

/**
 * The declared parameters of a template whose values are secrets, by lower-case name: the secure ones, and
 * those a secret field takes (a nested template's use counts for the outer one too: more is masked, never less).
 */
function secretParameters(template: DefinitionNode | undefined): Map<string, DefinitionNode> {
  const out = new Map<string, DefinitionNode>();
  const declared = members(findProperty(template, 'parameters'));
  if (!template || !declared.some((p) => findProperty(p, 'type'))) return out;
  const inSecretFields = parametersOfSecretFields(template);
  for (const p of declared) {
    const type = findProperty(p, 'type');
    const secure = type?.kind === 'string' && SECURE_PARAMETER_TYPES.has(String(type.value).toLowerCase());
    if (p.key !== undefined && (secure || inSecretFields.has(p.key.toLowerCase()))) out.set(p.key.toLowerCase(), p);
  }
  return out;
}

/**
 * What a deployment resource passes (`properties.parameters.NAME.value`) into secret parameters of its inner
 * template. A linked template (`templateLink`) is not in the file, so every value passed to it counts as secret.
 */
function securePassedValues(deployment: DefinitionNode): DefinitionNode[] {
  const props = findProperty(deployment, 'properties');
  const inner = findProperty(props, 'template');
  const secure = inner?.kind === 'object' ? secretParameters(inner) : undefined;
  return members(findProperty(props, 'parameters')).flatMap((p) => {
    const value = p.key !== undefined && (!secure || secure.has(p.key.toLowerCase())) ? findProperty(p, 'value') : undefined;
    return value ? [value] : [];
  });
}

/** The scalars (not null) holding secret values, in document order. */
export function secretValueNodes(root: DefinitionNode | undefined): ScalarNode[] {
  const out: ScalarNode[] = [];
  const secretSubtrees = new Set<DefinitionNode>();
  // Without its template, a parameter file does not say which parameters are secure: all its values count.
  if (isParameterFile(root)) {
    for (const p of members(findProperty(root, 'parameters'))) {
      const value = findProperty(p, 'value');
      if (value) secretSubtrees.add(value);
    }
  }
  const visit = (node: DefinitionNode | undefined, path: PathSegment[], secret: boolean): void => {
    if (!node) return;
    if (node.kind === 'object') {
      for (const p of secretParameters(node).values()) {
        const value = findProperty(p, 'defaultValue');
        if (value) secretSubtrees.add(value);
      }
      if (isDeploymentResource(node)) for (const v of securePassedValues(node)) secretSubtrees.add(v);
      for (const p of node.properties) visit(p, [...path, p.key ?? ''], secret || secretSubtrees.has(p));
    } else if (node.kind === 'array') node.children.forEach((c, i) => visit(c, [...path, i], secret));
    else if (node.kind !== 'null' && (secret || isSecretField(path))) out.push(node);
  };
  visit(root, [], false);
  return out;
}

/** The strings holding a URL with credentials in a field whose URLs' user and password are secret. */
export function secretUrlNodes(root: DefinitionNode | undefined): ScalarNode[] {
  const out: ScalarNode[] = [];
  const visit = (node: DefinitionNode, path: PathSegment[]): void => {
    if (node.kind === 'object') node.properties.forEach((p) => visit(p, [...path, p.key ?? '']));
    else if (node.kind === 'array') node.children.forEach((c, i) => visit(c, [...path, i]));
    else if (node.kind === 'string' && isSecretUrlField(path) && urlUserinfo(String(node.value))) out.push(node);
  };
  if (root) visit(root, []);
  return out;
}
