// Validates a container group PUT body the way ARM / the ACI resource provider reports problems:
// one CloudError with a top-level code, a target (JSON path) and one `details` entry per problem.
import { ErrorInfo } from './reply';
import { Schema, containerGroupSchema } from './container-group-schema';

type Json = unknown;

const NAME_PATTERN = /^(?!.*--)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/; // facts §1.5, 1-63 chars
const CONTAINER_NAME_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_LABEL_PATTERN = /^[a-zA-Z0-9]([-a-zA-Z0-9]*[a-zA-Z0-9])?$/;

export function isValidContainerGroupName(name: string): boolean {
  return NAME_PATTERN.test(name);
}

/** Returns every problem found; an empty list means the body is acceptable. */
export function validateContainerGroup(groupName: string, body: Json): ErrorInfo[] {
  const problems: ErrorInfo[] = [];
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
  walk(body, containerGroupSchema, '', problems);
  checkSemantics(body as Record<string, Json>, groupName, problems);
  return problems;
}

/** Folds the problem list into the single CloudError body ARM returns. */
export function toCloudError(problems: ErrorInfo[]): ErrorInfo {
  const first = problems[0];
  const sameCode = problems.every((p) => p.code === first.code);
  return {
    code: sameCode ? first.code : 'InvalidRequestContent',
    message: problems.length === 1 ? first.message : `The request content was invalid: ${problems.length} problems were found. First: ${first.message}`,
    target: first.target,
    details: problems,
  };
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

function jsonType(value: Json): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeProblem(path: string, expected: string, value: Json): ErrorInfo {
  return {
    code: 'InvalidRequestContent',
    message: `Invalid value at '${path}': expected ${expected} but found ${jsonType(value)}.`,
    target: path,
  };
}

function walk(value: Json, schema: Schema, path: string, out: ErrorInfo[]): void {
  switch (schema.t) {
    case 'any':
      return;
    case 'string':
      if (typeof value !== 'string') out.push(typeProblem(path, 'a string', value));
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) out.push(typeProblem(path, 'a number', value));
      return;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > 2147483647) out.push(typeProblem(path, 'a 32-bit integer', value));
      return;
    case 'boolean':
      if (typeof value !== 'boolean') out.push(typeProblem(path, 'a boolean', value));
      return;
    case 'enum':
      if (typeof value !== 'string') {
        out.push(typeProblem(path, 'a string', value));
      } else if (!schema.values.some((v) => v.toLowerCase() === value.toLowerCase())) {
        out.push({
          code: 'InvalidRequestContent',
          message: `The value '${value}' at '${path}' is not valid. Allowed values: ${schema.values.join(', ')}.`,
          target: path,
        });
      }
      return;
    case 'array':
      if (!Array.isArray(value)) {
        out.push(typeProblem(path, 'an array', value));
        return;
      }
      value.forEach((item, i) => walk(item, schema.items, join(path, i), out));
      return;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        out.push(typeProblem(path, 'an object', value));
        return;
      }
      const record = value as Record<string, Json>;
      for (const key of schema.required ?? []) {
        if (record[key] === undefined || record[key] === null) {
          out.push({ code: 'MissingRequiredProperty', message: `The required property '${join(path, key)}' is missing from the request.`, target: join(path, key) });
        }
      }
      for (const [key, child] of Object.entries(record)) {
        if (child === undefined || child === null) continue; // null means "not set" for optional fields
        const childSchema = schema.props[key] ?? schema.values;
        if (childSchema) walk(child, childSchema, join(path, key), out);
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

/** Rules the resource provider enforces beyond the JSON shape (facts §1.3 limits and §1.5 naming). */
function checkSemantics(body: Record<string, Json>, groupName: string, out: ErrorInfo[]): void {
  const props = asRecord(body.properties);
  if (!props) return;

  const volumeNames = new Set<string>();
  asArray(props.volumes).forEach((vol, i) => {
    const path = `properties.volumes[${i}]`;
    if (typeof vol.name === 'string') volumeNames.add(vol.name);
    const sources = ['azureFile', 'emptyDir', 'secret', 'gitRepo'].filter((k) => vol[k] !== undefined && vol[k] !== null);
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
          out.push({ code: 'InvalidContainerName', message: `The container name '${c.name}' in container group '${groupName}' is invalid. The container name must contain no more than 63 characters and must match the regex '[a-z0-9]([-a-z0-9]*[a-z0-9])?' (e.g. 'my-name').`, target: `${path}.name` });
        } else if (seen.has(c.name)) {
          out.push({ code: 'DuplicateContainerName', message: `The container name '${c.name}' is used more than once in container group '${groupName}'.`, target: `${path}.name` });
        }
        seen.add(c.name);
      }
      const cprops = asRecord(c.properties);
      asArray(cprops?.volumeMounts).forEach((m, j) => {
        const mpath = `${path}.properties.volumeMounts[${j}]`;
        if (typeof m.mountPath === 'string' && m.mountPath.includes(':')) {
          out.push({ code: 'InvalidVolumeMountPath', message: `The mount path '${m.mountPath}' must not contain a colon.`, target: `${mpath}.mountPath` });
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
    out.push({ code: 'InvalidDnsNameLabel', message: `The DNS name label '${label}' is invalid. It must be 5 to 63 letters, digits or hyphens and not start or end with a hyphen.`, target: 'properties.ipAddress.dnsNameLabel' });
  }
}
