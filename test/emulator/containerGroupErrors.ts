// The Container Instances error wordings the emulator answers with. Where a wording was seen in real traffic,
// the comment names the source (test/contract/armErrors/aci-errors.json holds the recorded bodies); the
// others keep the service's style but have no public record.
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { ErrorInfo } from './reply';

export type Segment = string | number;

/** A problem as the validator finds it: the service's code and message, and the JSON path it concerns. */
export interface Problem extends ErrorInfo {
  target: string;
}

export function joinPath(segments: readonly Segment[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/**
 * Newtonsoft's "line L, position P" for a path of the body as the client sent it (compact JSON, one line):
 * the end of the value there, or of its deepest existing parent.
 */
export function positionOf(body: unknown, segments: readonly Segment[]): string {
  const text = JSON.stringify(body) ?? '';
  const tree = parseTree(text);
  let node = tree && findNodeAtLocation(tree, [...segments]);
  for (let n = segments.length - 1; !node && tree && n >= 0; n--) node = findNodeAtLocation(tree, segments.slice(0, n));
  return `line 1, position ${node ? node.offset + node.length : text.length}`;
}

/** InvalidRequestContent wraps the JSON reader's own text (azure-powershell#16082, azure-sdk-for-js#36767). */
export function deserializationProblem(body: unknown, segments: readonly Segment[], reason: string): Problem {
  const path = joinPath(segments);
  return {
    code: 'InvalidRequestContent',
    message: `The request content was invalid and could not be deserialized: '${reason} Path '${path}', ${positionOf(body, segments)}.'.`,
    target: path,
  };
}

export function missingProperty(body: unknown, parent: readonly Segment[], key: string): Problem {
  const problem = deserializationProblem(body, parent, `Required property '${key}' not found in JSON.`);
  return { ...problem, target: joinPath([...parent, key]) };
}

const NET_TYPES: Record<string, string> = {
  'a string': 'System.String',
  'a number': 'System.Double',
  'a 32-bit integer': 'System.Int32',
  'a boolean': 'System.Boolean',
};

/** A value of the wrong JSON type (or an unknown enum value) at `segments`. */
export function conversionProblem(body: unknown, segments: readonly Segment[], expected: string, value: unknown): Problem {
  if (expected === 'an array' || expected === 'an object') {
    const found = Array.isArray(value) ? 'array (e.g. [1,2,3])' : typeof value === 'object' && value !== null ? 'object (e.g. {"name":"value"})' : 'value';
    const wants = expected === 'an array' ? 'a JSON array (e.g. [1,2,3])' : 'a JSON object (e.g. {"name":"value"})';
    return deserializationProblem(body, segments, `Cannot deserialize the current JSON ${found} because the type requires ${wants} to deserialize correctly.`);
  }
  return deserializationProblem(body, segments, `Error converting value ${JSON.stringify(value)} to type '${NET_TYPES[expected] ?? expected}'.`);
}

/** azure-cli#30439, azure-docs-cli#4812: the service names the group '<null>' in this one. */
export function invalidOsType(): Problem {
  return { code: 'InvalidOsType', message: "The 'osType' for container group '<null>' is invalid. The value must be one of 'Windows,Linux'.", target: 'properties.osType' };
}

/** mslearn-azure-developer#67 (the service writes "contain group"). */
export function requestsNotSpecified(container: string, group: string, target: string): Problem {
  return {
    code: 'ResourceRequestsNotSpecified',
    message: `The resource requests are not specified in container '${container}' of contain group '${group}'. Both memory and CPU requests are required since API version '2017-07-01-preview'.`,
    target,
  };
}

/** azure-docs-cli#4812: the missing one, then the requests as the service read them. */
export function someRequestsNotSpecified(container: string, group: string, requests: Record<string, unknown>, target: string): Problem {
  const show = (v: unknown) => (typeof v === 'number' ? String(v) : '');
  const missing = requests.cpu == null ? 'Cpu' : 'MemoryInGB';
  return {
    code: 'ResourceSomeRequestsNotSpecified',
    message: `The '${missing}' request is not specified in 'MemoryInGB '${show(requests.memoryInGB)}' Cpu '${show(requests.cpu)}'' in container '${container}' of contain group '${group}'. It is required since API version '2017-07-01-preview'.`,
    target: `${target}.${missing === 'Cpu' ? 'cpu' : 'memoryInGB'}`,
  };
}

/** MicrosoftDocs/azure-docs#15546. */
export function invalidContainerName(container: string, group: string, target: string): Problem {
  return {
    code: 'InvalidContainerName',
    message: `The container name '${container}' in container group '${group}' is invalid. The container name must contain no more than 63 characters and must match the regex '[a-z0-9]([-a-z0-9]*[a-z0-9])?' (e.g. 'my-name').`,
    target,
  };
}

/** derekbekoe/vscode-spot#38 (the portal showed the message; the code is not on record). */
export function invalidDnsNameLabel(label: string, group: string): Problem {
  return {
    code: 'InvalidDnsNameLabel',
    message: `The DNS name label '${label}' in container group '${group}' is invalid. It can contain only lowercase letters, numbers and hyphens. The first character must be a letter. The last character must be a letter or number. The value must be between 5 and 63 characters long.`,
    target: 'properties.ipAddress.dnsNameLabel',
  };
}

/** Azure/azure-cli#26591 (message as the CLI printed it; the code is not on record). */
export function invalidMountPath(target: string): Problem {
  return { code: 'InvalidVolumeMountPath', message: "The volume mount path cannot contain ':'", target };
}
