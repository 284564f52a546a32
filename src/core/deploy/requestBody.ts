/**
 * Turns a parsed definition into the body of the container group PUT. Three shapes are accepted:
 * the `az container create --file` YAML, an ARM resource body (e.g. saved from a GET), and an ARM template
 * holding one container group resource. Keys are matched ignoring case, as the service does.
 */
import { findContainerGroupResource } from '../containerGroup/summary';
import { CONTAINER_GROUP, CONTAINER_GROUP_PROFILE, otherKindOfType, type ResourceKind } from '../schema/resourceKinds';
import { isPlainObject, keyOf, prop, trimmedText, type PlainObject } from '../definition/plainValues';
import { isTemplateExpression } from '../definition/templateExpression';
import { normalizeLocation } from '../settings/nameRules';
import { formatBodyPath, type BodyPath } from './resolveSecrets';
import { schemaVersions } from '../schema/apiVersionList';

export type DefinitionShape = 'cliYaml' | 'armBody' | 'armTemplate';

export class DeployInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeployInputError';
  }
}

export interface RequestBody {
  location: string;
  tags?: unknown;
  zones?: unknown;
  identity?: unknown;
  properties: Record<string, unknown>;
}

export interface BodyConversion {
  body: RequestBody;
  /** What the file describes, by its `type`: a container group unless it names a profile or NGroups resource. */
  kind: ResourceKind;
  shape: DefinitionShape;
  /** Index of the resource inside the template's `resources` (armTemplate only). */
  resourceIndex?: number;
  /** `name` as written in the file, when it is a plain value. */
  nameInFile?: string;
  /** `apiVersion` as written in the file. */
  apiVersionInFile?: string;
  /** Read-only or unknown fields left out of the body, as body paths. */
  dropped: string[];
  /** Set when the file and the target name different locations: which one the body carries, and why. */
  locationChoice?: LocationChoice;
}

export interface LocationChoice {
  used: string;
  ignored: string;
  /** `file`: the az container create --file format deploys the file's location; `setting`: the other shapes take the target's. */
  from: 'file' | 'setting';
}

export interface BodyOptions {
  /**
   * The target's location. In the `az container create --file` format the file's location deploys (the CLI
   * sends the YAML's location and uses its own only when the file has none); in the other shapes the target's wins.
   */
  location?: string;
  /** The target's name: picks the resource when a template has several container groups. */
  name?: string;
}

const CG_TYPE = 'microsoft.containerinstance/containergroups';

/** Top-level keys a PUT carries; everything else (id, name, type, apiVersion, etag, systemData…) is dropped. */
const BODY_KEYS = ['location', 'tags', 'zones', 'identity', 'properties'] as const;

function findExpressions(value: unknown, path: BodyPath, out: string[]): void {
  if (isTemplateExpression(value)) out.push(formatBodyPath(path) || '(root)');
  else if (Array.isArray(value)) value.forEach((v, i) => findExpressions(v, [...path, i], out));
  else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) findExpressions(v, [...path, k], out);
}

function refuseExpressions(resource: PlainObject): void {
  const expressions: string[] = [];
  for (const key of BODY_KEYS) {
    const k = keyOf(resource, key);
    if (k !== undefined) findExpressions(resource[k], [k], expressions);
  }
  if (!expressions.length) return;
  const shown = expressions.slice(0, 5).join(', ') + (expressions.length > 5 ? ` and ${expressions.length - 5} more` : '');
  throw new DeployInputError(
    `The template resource still holds template expressions ([...]) at ${shown}. Deploy sends the resource as it is written; replace the expressions with values, or deploy the template with an ARM deployment.`,
  );
}

function pickTemplateResource(doc: PlainObject, name: string | undefined): { resource: PlainObject; index: number } {
  const resources = prop(doc, 'resources');
  const groups = (Array.isArray(resources) ? resources : [])
    .map((r, index) => ({ resource: r as PlainObject, index }))
    .filter(({ resource }) => isPlainObject(resource) && String(prop(resource, 'type') ?? '').toLowerCase() === CG_TYPE);
  if (groups.length === 0) throw new DeployInputError('The ARM template holds no Microsoft.ContainerInstance/containerGroups resource.');
  if (groups.length === 1) return groups[0];
  const named = name ? groups.filter((g) => trimmedText(prop(g.resource, 'name')) === name) : [];
  if (named.length === 1) return named[0];
  throw new DeployInputError(
    `The ARM template holds ${groups.length} container groups; deploy needs exactly one, or one whose name is '${name ?? ''}'.`,
  );
}

/** Removes the fields Azure sets itself from a copy of `properties`, noting what went. */
function stripReadOnly(properties: PlainObject, dropped: string[], kind: ResourceKind): PlainObject {
  const props = structuredClone(properties);
  const drop = (o: unknown, key: string, path: BodyPath): void => {
    if (!isPlainObject(o)) return;
    const k = keyOf(o, key);
    if (k === undefined) return;
    delete o[k];
    dropped.push(formatBodyPath([...path, k]));
  };
  drop(props, 'provisioningState', ['properties']);
  drop(props, 'instanceView', ['properties']);
  // A profile's revisions are counted by Azure (read-only in the 2025-09-01 specification).
  if (kind === CONTAINER_GROUP_PROFILE) for (const key of ['revision', 'registeredRevisions']) drop(props, key, ['properties']);
  for (const list of ['containers', 'initContainers']) {
    const k = keyOf(props, list);
    const items = k ? props[k] : undefined;
    if (Array.isArray(items)) items.forEach((c, i) => drop(prop(c, 'properties'), 'instanceView', ['properties', k!, i, 'properties']));
  }
  const ipKey = keyOf(props, 'ipAddress');
  if (ipKey) {
    drop(props[ipKey], 'fqdn', ['properties', ipKey]);
    drop(props[ipKey], 'ip', ['properties', ipKey]);
  }
  // The spec's `cloudFile` volume goes on the wire as `azureFile`.
  const volKey = keyOf(props, 'volumes');
  const volumes = volKey ? props[volKey] : undefined;
  if (Array.isArray(volumes)) {
    for (const v of volumes) {
      if (!isPlainObject(v)) continue;
      const cloud = keyOf(v, 'cloudFile');
      if (cloud !== undefined && keyOf(v, 'azureFile') === undefined) {
        const { [cloud]: file, ...rest } = v;
        for (const key of Object.keys(v)) delete v[key];
        Object.assign(v, { ...rest, azureFile: file });
      }
    }
  }
  return props;
}

function stripIdentity(identity: unknown, dropped: string[]): unknown {
  if (!isPlainObject(identity)) return identity;
  const out = structuredClone(identity);
  for (const key of ['principalId', 'tenantId']) {
    const k = keyOf(out, key);
    if (k !== undefined) {
      delete out[k];
      dropped.push(`identity.${k}`);
    }
  }
  // User-assigned identities are sent as empty objects; clientId/principalId come back from Azure.
  const uaKey = keyOf(out, 'userAssignedIdentities');
  const ua = uaKey ? out[uaKey] : undefined;
  if (isPlainObject(ua)) for (const id of Object.keys(ua)) ua[id] = {};
  return out;
}

/** The file's apiVersion as text; a number or other value is refused rather than read as naming none. */
function apiVersionText(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || typeof raw === 'string') return trimmedText(raw);
  throw new DeployInputError(
    `apiVersion ${typeof raw === 'object' ? JSON.stringify(raw) : String(raw)} is not text: write the version as a quoted string, one of: ${schemaVersions().map((v) => v.version).join(', ')}.`,
  );
}

export function toRequestBody(value: unknown, options: BodyOptions = {}): BodyConversion {
  if (!isPlainObject(value)) throw new DeployInputError('The definition is not an object.');
  const dropped: string[] = [];
  let source: PlainObject;
  let shape: DefinitionShape;
  let resourceIndex: number | undefined;
  if (findContainerGroupResource(value) !== value) {
    const picked = pickTemplateResource(value, options.name);
    source = picked.resource;
    resourceIndex = picked.index;
    shape = 'armTemplate';
    refuseExpressions(source);
  } else {
    source = value;
    // The CLI format carries apiVersion; a body saved from Azure does not.
    shape = prop(value, 'apiVersion') !== undefined ? 'cliYaml' : 'armBody';
    // A template's resource on its own (the editor reads its expressions as values known only at deploy time).
    if (shape === 'cliYaml' && (String(prop(value, 'type') ?? '').toLowerCase() === CG_TYPE || otherKindOfType(prop(value, 'type')))) refuseExpressions(source);
  }
  const kind = otherKindOfType(prop(source, 'type')) ?? CONTAINER_GROUP;

  const body: PlainObject = {};
  for (const key of BODY_KEYS) {
    const k = keyOf(source, key);
    if (k !== undefined && source[k] !== undefined && source[k] !== null) body[key] = structuredClone(source[k]);
  }
  for (const k of Object.keys(source)) {
    if (!BODY_KEYS.some((b) => b === k.toLowerCase() || b.toLowerCase() === k.toLowerCase())) dropped.push(k);
  }
  if (!isPlainObject(body.properties)) throw new DeployInputError('The definition has no `properties` object.');
  body.properties = stripReadOnly(body.properties, dropped, kind);
  if (body.identity !== undefined) body.identity = stripIdentity(body.identity, dropped);

  const inFile = trimmedText(body.location);
  const inTarget = trimmedText(options.location);
  const fileWins = shape === 'cliYaml';
  const location = fileWins ? (inFile ?? inTarget) : (inTarget ?? inFile);
  if (!location) {
    throw new DeployInputError('No location: set `location` in the definition, or set the location of this container group in the settings.');
  }
  body.location = location;
  const locationChoice: LocationChoice | undefined =
    inFile && inTarget && !sameLocation(inFile, inTarget)
      ? fileWins
        ? { used: inFile, ignored: inTarget, from: 'file' }
        : { used: inTarget, ignored: inFile, from: 'setting' }
      : undefined;

  const nameInFile = trimmedText(prop(source, 'name'));
  const apiVersionInFile = apiVersionText(prop(shape === 'armTemplate' ? source : value, 'apiVersion'));
  return {
    body: body as unknown as RequestBody,
    kind,
    shape,
    resourceIndex,
    nameInFile: nameInFile && !isTemplateExpression(nameInFile) ? nameInFile : undefined,
    apiVersionInFile,
    dropped: dropped.filter((d) => !['name', 'type', 'id', 'apiVersion'].includes(d)),
    locationChoice,
  };
}

/** ARM reads "West Europe" and "westeurope" as the same region. */
function sameLocation(a: string, b: string): boolean {
  return normalizeLocation(a) === normalizeLocation(b);
}

/** The log line for a location choice: which one deploys, and why. */
export function describeLocationChoice(choice: LocationChoice): string {
  return choice.from === 'file'
    ? `Location: ${choice.used}, from the definition. In the az container create --file format the file's location is what deploys; the setting's location '${choice.ignored}' is not used.`
    : `Location: ${choice.used}, from the settings; the definition's location '${choice.ignored}' is not used.`;
}
