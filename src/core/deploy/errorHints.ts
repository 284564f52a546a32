/**
 * Where in a container group body an error points when it names no target: a JSON path quoted in its
 * message, a container, image, volume or DNS label quoted by name, or what its code is known to be about.
 * Real Container Instances errors mostly carry only `code` and `message` (test/contract/armErrors/ lists
 * the codes and wordings this knows, with their sources).
 */
import { findProperty } from '../definition/nodeQuery';
import type { DefinitionNode, PathSegment } from '../definition/types';

export interface Hint {
  path: PathSegment[];
  how: 'message' | 'name' | 'code';
}

/** The body (after the template prefix) a hint is looked up in. */
type Body = DefinitionNode | undefined;

const quoted = (message: string, pattern: RegExp): string | undefined => pattern.exec(message)?.[1];

function scalarValue(node: DefinitionNode | undefined): string | undefined {
  return node && node.kind !== 'object' && node.kind !== 'array' && node.value !== null ? String(node.value) : undefined;
}

function listOf(body: Body, key: string): DefinitionNode[] {
  const list = findProperty(findProperty(body, 'properties'), key);
  return list?.kind === 'array' ? list.children : [];
}

interface Item {
  path: PathSegment[];
  node: DefinitionNode;
}

/** Containers then init containers, each with its body path. */
function containers(body: Body): Item[] {
  return ['containers', 'initContainers'].flatMap((key) => listOf(body, key).map((node, i) => ({ path: ['properties', key, i], node })));
}

/** The container named `name`; with `last`, the last of several (the duplicate, not the original). */
function containerNamed(body: Body, name: string, last = false): Item | undefined {
  const found = containers(body).filter((c) => scalarValue(findProperty(c.node, 'name')) === name);
  return last ? found.at(-1) : found[0];
}

function containerWithImage(body: Body, image: string): Item | undefined {
  return containers(body).find((c) => scalarValue(findProperty(findProperty(c.node, 'properties'), 'image')) === image);
}

/** `Path 'a.b[0]'` of a deserialization message, or a dotted body path written anywhere in the message. */
export function pathsInMessage(message: string): string[] {
  const out: string[] = [];
  const required = /Required property '([^']+)' not found in JSON\. Path '([^']*)'/i.exec(message);
  if (required) out.push(required[2] ? `${required[2]}.${required[1]}` : required[1]);
  for (const m of message.matchAll(/\bPath '([^']+)'/gi)) out.push(m[1]);
  for (const m of message.matchAll(/(?<![\w.\-/:])([A-Za-z_]\w*(?:\[\d+\]|\.[A-Za-z_]\w*)+)(?![\w\-/:])/g)) out.push(m[1]);
  return [...new Set(out)];
}

/** `'Cpu'` / `'MemoryInGB'` in a resources message → the property name in the body. */
function resourceKind(message: string): string | undefined {
  const kind = quoted(message, /The '(Cpu|MemoryInGB|Gpu)' (?:request|limit)/i)?.toLowerCase();
  return kind === 'cpu' ? 'cpu' : kind === 'memoryingb' ? 'memoryInGB' : kind === 'gpu' ? 'gpu' : undefined;
}

/** The mount whose path Azure refuses (it quotes none): the first one holding a colon. */
function mountPathWithColon(body: Body): PathSegment[] | undefined {
  for (const c of containers(body)) {
    const mounts = findProperty(findProperty(c.node, 'properties'), 'volumeMounts');
    const children = mounts?.kind === 'array' ? mounts.children : [];
    const i = children.findIndex((m) => scalarValue(findProperty(m, 'mountPath'))?.includes(':'));
    if (i >= 0) return [...c.path, 'properties', 'volumeMounts', i, 'mountPath'];
  }
  return undefined;
}

/** What a code is about, with the container its message names (when it names one). */
function byCode(code: string, message: string, body: Body): PathSegment[] | undefined {
  const containerName = quoted(message, /\bcontainer(?: name)? '([^']*)'/i);
  const container = containerName === undefined ? undefined : containerNamed(body, containerName, code === 'DuplicateContainerName');
  const resources = container && [...container.path, 'properties', 'resources'];
  const kind = resourceKind(message);
  switch (code) {
    case 'InvalidOsType':
      return ['properties', 'osType'];
    case 'ResourceRequestsNotSpecified':
      return resources && [...resources, 'requests'];
    case 'ResourceSomeRequestsNotSpecified':
      return resources && [...resources, 'requests', ...(kind ? [kind] : [])];
    case 'ResourceLimitsLessThanRequests':
    case 'ContainerLimitGreaterThanContainerGroupTotalRequest':
      return resources && [...resources, 'limits', ...(kind ? [kind] : [])];
    case 'InvalidContainerName':
    case 'DuplicateContainerName':
      return container && [...container.path, 'name'];
    case 'InaccessibleImage':
    case 'InvalidImage': {
      const image = quoted(message, /\bimage '([^']*)'/i);
      const owner = image === undefined ? undefined : containerWithImage(body, image);
      return owner && [...owner.path, 'properties', 'image'];
    }
    case 'PrivateIPAddressNotSupported':
      return ['properties', 'ipAddress', 'type'];
    case 'ResourceTypeNotSupportMultiZones':
      return ['zones'];
    case 'InvalidContainerGroupName':
      return ['name'];
    case 'LocationRequired':
    case 'LocationNotAvailableForResourceType':
      return ['location'];
    default:
      return undefined;
  }
}

/** What the message names when its code is unknown here: a DNS label, a mount path, an image, a volume, a container. */
function byName(message: string, body: Body): PathSegment[] | undefined {
  if (/\bDNS name label\b/i.test(message)) return ['properties', 'ipAddress', 'dnsNameLabel'];
  if (/\bmount path\b/i.test(message)) return mountPathWithColon(body);
  const image = quoted(message, /\bimage '([^']*)'/i);
  const owner = image === undefined ? undefined : containerWithImage(body, image);
  if (owner) return [...owner.path, 'properties', 'image'];
  const volume = quoted(message, /\bvolume(?: mount)? '([^']*)'/i);
  const v = volume === undefined ? -1 : listOf(body, 'volumes').findIndex((n) => scalarValue(findProperty(n, 'name')) === volume);
  if (v >= 0) return ['properties', 'volumes', v, 'name'];
  const name = quoted(message, /\bcontainer(?: name)? '([^']*)'/i);
  const container = name === undefined ? undefined : containerNamed(body, name);
  return container && [...container.path, 'name'];
}

/** The body paths the code and message point at, most specific first. */
export function hintsFor(code: string | undefined, message: string, body: Body): Hint[] {
  const hints: Hint[] = [];
  const fromCode = code ? byCode(code, message, body) : undefined;
  if (fromCode) hints.push({ path: fromCode, how: 'code' });
  const fromName = byName(message, body);
  if (fromName) hints.push({ path: fromName, how: 'name' });
  return hints;
}
