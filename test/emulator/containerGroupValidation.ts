// Validates a container group PUT body the way the ACI resource provider reports problems. By default it
// answers like the real service: one problem at a time, `code` and `message` as the service words them, no
// `target` (test/contract/armErrors/ holds the recorded errors this imitates). The `validation-targets`
// scenario instead lists every problem in `details`, each with a JSON-path target.
import { ErrorInfo } from './reply';
import { AciApiVersion, Schema, containerGroupSchemaFor } from './containerGroupSchema';
import {
  Problem,
  Segment,
  conversionProblem,
  invalidContainerName,
  invalidDnsNameLabel,
  invalidMountPath,
  invalidOsType,
  joinPath,
  missingProperty,
  requestsNotSpecified,
  someRequestsNotSpecified,
} from './containerGroupErrors';

type Json = unknown;

const NAME_PATTERN = /^(?!.*--)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/; // facts §1.5, 1-63 chars
const CONTAINER_NAME_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_LABEL_PATTERN = /^[a-zA-Z0-9]([-a-zA-Z0-9]*[a-zA-Z0-9])?$/;

export function isValidContainerGroupName(name: string): boolean {
  return NAME_PATTERN.test(name);
}

/**
 * Every problem found, in the order the service meets them: the group name, then what the JSON reader
 * rejects, then the service's own rules. An empty list means the body is acceptable.
 */
export function validateContainerGroup(groupName: string, body: Json, apiVersion: AciApiVersion = '2023-05-01'): Problem[] {
  const problems: Problem[] = [];
  if (!isValidContainerGroupName(groupName)) {
    problems.push({
      code: 'InvalidContainerGroupName',
      message: `The container group name '${groupName}' is invalid. The name must be 1 to 63 characters long, contain only lowercase letters, numbers and hyphens, not start or end with a hyphen and not contain consecutive hyphens.`,
      target: 'name',
    });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    problems.push({ code: 'InvalidRequestContent', message: 'The request content must be a JSON object.', target: '' });
    return problems;
  }
  walk(body, containerGroupSchemaFor(apiVersion), [], problems, body);
  checkSemantics(body as Record<string, Json>, groupName, problems);
  return problems;
}

/** The CloudError body: the first problem alone as the service sends it, or every problem with its target. */
export function toCloudError(problems: Problem[], withTargets = false): ErrorInfo {
  const first = problems[0];
  if (!withTargets) return { code: first.code, message: first.message };
  const sameCode = problems.every((p) => p.code === first.code);
  return {
    code: sameCode ? first.code : 'InvalidRequestContent',
    message: problems.length === 1 ? first.message : `The request content was invalid: ${problems.length} problems were found. First: ${first.message}`,
    target: first.target,
    details: problems,
  };
}

/** Required members the service checks itself (with its own codes) after reading the JSON. */
const CHECKED_LATER = /^properties\.(osType|(init)?[cC]ontainers\[\d+\]\.properties\.resources(\.requests(\.(cpu|memoryInGB))?)?)$/;

function walk(value: Json, schema: Schema, path: Segment[], out: Problem[], body: Json): void {
  const wrong = (expected: string): void => {
    out.push(conversionProblem(body, path, expected, value));
  };
  if (joinPath(path) === 'properties.osType') return; // InvalidOsType, checked with the rules
  switch (schema.t) {
    case 'any':
      return;
    case 'string':
      if (typeof value !== 'string') wrong('a string');
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) wrong('a number');
      return;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > 2147483647) wrong('a 32-bit integer');
      return;
    case 'boolean':
      if (typeof value !== 'boolean') wrong('a boolean');
      return;
    case 'enum':
      if (typeof value !== 'string') wrong('a string');
      else if (!schema.values.some((v) => v.toLowerCase() === value.toLowerCase())) wrong(`one of ${schema.values.join(', ')}`);
      return;
    case 'array':
      if (!Array.isArray(value)) {
        wrong('an array');
        return;
      }
      value.forEach((item, i) => walk(item, schema.items, [...path, i], out, body));
      return;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        wrong('an object');
        return;
      }
      const record = value as Record<string, Json>;
      for (const key of schema.required ?? []) {
        if ((record[key] === undefined || record[key] === null) && !CHECKED_LATER.test(joinPath([...path, key]))) out.push(missingProperty(body, path, key));
      }
      for (const [key, child] of Object.entries(record)) {
        if (child === undefined || child === null) continue; // null means "not set" for optional fields
        const childSchema = schema.props[key] ?? schema.values;
        if (childSchema) walk(child, childSchema, [...path, key], out, body);
      }
      return;
    }
  }
}

function asArray(value: Json): Record<string, Json>[] {
  return Array.isArray(value) ? value.filter((v): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v)) : [];
}

function asRecord(value: Json): Record<string, Json> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, Json>) : undefined;
}

/** Rules the resource provider enforces beyond the JSON shape (facts §1.3 limits and §1.5 naming; osType and resource requests as the service reports them). */
function checkSemantics(body: Record<string, Json>, groupName: string, out: Problem[]): void {
  const props = asRecord(body.properties);
  if (!props) return;
  // A group made from a container group profile (2025-09-01) takes its osType and containers' resources from the
  // profile: the published ContainerGroupCreateOrUpdateStandbyPool example sends neither and the service answers 201.
  const fromProfile = asRecord(props.containerGroupProfile) !== undefined;
  const osType = props.osType;
  if (!fromProfile && (typeof osType !== 'string' || !['linux', 'windows'].includes(osType.toLowerCase()))) out.push(invalidOsType());

  const volumeNames = new Set<string>();
  asArray(props.volumes).forEach((vol, i) => {
    const path = `properties.volumes[${i}]`;
    if (typeof vol.name === 'string') volumeNames.add(vol.name);
    // A secret volume may take values from key vault through secretReference (2025-09-01) beside or instead of
    // `secret` (ContainerGroupsCreateOrUpdateSecretReference.json sends both on one volume).
    const present = (k: string) => vol[k] !== undefined && vol[k] !== null;
    const sources = ['azureFile', 'emptyDir', 'secret', 'gitRepo'].filter((k) => present(k) || (k === 'secret' && present('secretReference')));
    if (sources.length !== 1) {
      out.push({ code: 'InvalidVolume', message: `The volume '${String(vol.name)}' in container group '${groupName}' must specify exactly one of azureFile, emptyDir, secret or gitRepo.`, target: path });
    }
    const dir = asRecord(vol.gitRepo)?.directory;
    if (typeof dir === 'string' && dir.split('/').includes('..')) {
      out.push({ code: 'InvalidGitRepoDirectory', message: `The gitRepo directory '${dir}' must not contain or start with '..'.`, target: `${path}.gitRepo.directory` });
    }
  });

  const seen = new Set<string>();
  const checkContainers = (list: Json, listPath: string): void => {
    asArray(list).forEach((c, i) => {
      const path = `${listPath}[${i}]`;
      if (typeof c.name === 'string') {
        if (c.name.length > 63 || !CONTAINER_NAME_PATTERN.test(c.name)) {
          out.push(invalidContainerName(c.name, groupName, `${path}.name`));
        } else if (seen.has(c.name)) {
          out.push({ code: 'DuplicateContainerName', message: `The container name '${c.name}' is used more than once in container group '${groupName}'.`, target: `${path}.name` });
        }
        seen.add(c.name);
      }
      const cprops = asRecord(c.properties);
      if (listPath.endsWith('.containers') && cprops && !fromProfile) {
        const resourcesPath = `${path}.properties.resources`;
        const requests = asRecord(asRecord(cprops.resources)?.requests);
        if (!requests) out.push(requestsNotSpecified(String(c.name), groupName, resourcesPath));
        else if (requests.cpu == null || requests.memoryInGB == null) out.push(someRequestsNotSpecified(String(c.name), groupName, requests, `${resourcesPath}.requests`));
      }
      asArray(cprops?.volumeMounts).forEach((m, j) => {
        const mpath = `${path}.properties.volumeMounts[${j}]`;
        if (typeof m.mountPath === 'string' && m.mountPath.includes(':')) {
          out.push(invalidMountPath(`${mpath}.mountPath`));
        }
        if (typeof m.name === 'string' && !volumeNames.has(m.name)) {
          out.push({ code: 'VolumeMountNotFound', message: `The volume mount '${m.name}' does not match any volume of container group '${groupName}'.`, target: `${mpath}.name` });
        }
      });
      asArray(cprops?.ports).forEach((p, j) => {
        if (typeof p.port === 'number' && (p.port < 1 || p.port > 65535)) {
          out.push({ code: 'InvalidContainerPort', message: `The port ${p.port} is out of range 1-65535.`, target: `${path}.properties.ports[${j}].port` });
        }
      });
    });
  };
  checkContainers(props.containers, 'properties.containers');
  checkContainers(props.initContainers, 'properties.initContainers');

  const label = asRecord(props.ipAddress)?.dnsNameLabel;
  if (typeof label === 'string' && (label.length < 5 || label.length > 63 || !DNS_LABEL_PATTERN.test(label))) {
    out.push(invalidDnsNameLabel(label, groupName));
  }
}
