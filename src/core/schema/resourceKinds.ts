/**
 * The resource types a definition can describe: container groups, and since 2025-09-01 container group profiles
 * and NGroups (Microsoft.ContainerInstance/containerGroupProfiles, …/ngroups, as the specification's paths spell
 * them). A standalone file or template resource says which by its `type`; a file without one is a container group.
 */
import { findProperty } from '../definition/nodeQuery';
import { DefinitionNode } from '../definition/types';
import { SchemaChoice } from './apiVersion';
import { versionsWithType } from './apiVersionList';

export interface ResourceKind {
  kind: 'containerGroup' | 'containerGroupProfile' | 'ngroup';
  /** The resource type as the specification writes it. */
  type: string;
  /** The ARM path segment after the provider (`containerGroups/{name}`). */
  collection: string;
  /** Schema definitions: a standalone file, a template resource. */
  fileDef: string;
  armDef: string;
  /** What the product calls one, in messages. */
  noun: string;
}

export const CONTAINER_GROUP: ResourceKind = { kind: 'containerGroup', type: 'Microsoft.ContainerInstance/containerGroups', collection: 'containerGroups', fileDef: 'ContainerGroupYamlFile', armDef: 'ArmContainerGroupResource', noun: 'container group' };
export const CONTAINER_GROUP_PROFILE: ResourceKind = { kind: 'containerGroupProfile', type: 'Microsoft.ContainerInstance/containerGroupProfiles', collection: 'containerGroupProfiles', fileDef: 'ContainerGroupProfileFile', armDef: 'ArmContainerGroupProfileResource', noun: 'container group profile' };
export const NGROUP: ResourceKind = { kind: 'ngroup', type: 'Microsoft.ContainerInstance/ngroups', collection: 'ngroups', fileDef: 'NGroupFile', armDef: 'ArmNGroupResource', noun: 'NGroups resource' };

const OTHER_KINDS = [CONTAINER_GROUP_PROFILE, NGROUP];

/** The profile or NGroups kind a `type` text names (any case); undefined for anything else. */
export function otherKindOfType(type: unknown): ResourceKind | undefined {
  if (typeof type !== 'string') return undefined;
  const t = type.trim().toLowerCase();
  return OTHER_KINDS.find((k) => k.type.toLowerCase() === t);
}

/** The kind a definition's root or a template resource describes, by its `type`. */
export function resourceKindOf(node: DefinitionNode | undefined): ResourceKind {
  const type = findProperty(node, 'type');
  return (type?.kind === 'string' ? otherKindOfType(type.value) : undefined) ?? CONTAINER_GROUP;
}

/**
 * The schema choice for a kind: a profile or NGroups resource at a version without them (2023-05-01, another
 * published one, none) is checked against the oldest version that has them; `lacking` says the version asked for
 * has no such resource type.
 */
export function kindChoice(kind: ResourceKind, choice: SchemaChoice): SchemaChoice & { lacking?: boolean; versions?: string[] } {
  if (kind === CONTAINER_GROUP) return choice;
  const versions = versionsWithType(kind.type);
  if (versions.includes(choice.version) && (choice.status === 'known' || choice.status === 'newer')) return choice;
  return { ...choice, version: versions[0], lacking: true, versions };
}
