// The other resource types of a version's specification that describe container groups: container group profiles
// and NGroups. Their swagger definitions (pinned in schemas/specs/, sources.json `resourceTypes`) join the
// version's container group schema, so a profile's containers, volumes and the rest are the container group's own
// definitions with this project's rules (colon-free mountPath, gitRepo directory). The swagger gives a resource's
// body only (`allOf` the common Resource); the file and template-resource forms around it are made here from the
// container group's (ContainerGroupYamlFile, ArmContainerGroupResource), as the container group's are.

/** Each resource type: its swagger body definition and the definitions validation starts from. */
export const RESOURCE_TYPES = [
  { type: 'Microsoft.ContainerInstance/containerGroupProfiles', body: 'ContainerGroupProfile', file: 'ContainerGroupProfileFile', arm: 'ArmContainerGroupProfileResource', noun: 'container group profile' },
  { type: 'Microsoft.ContainerInstance/ngroups', body: 'NGroup', file: 'NGroupFile', arm: 'ArmNGroupResource', noun: 'NGroups resource' },
];

/** A pattern matching `text` in any case, as ArmContainerGroupResource's `type` has it. */
const anyCase = (text) => `^${[...text].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[.]/g, '\\.'))).join('')}$`;

const describe = (node, text) => ({ ...node, description: text, markdownDescription: text });

/**
 * A profile's properties that a container group has too take the group's schema (its spellings and rules);
 * those only a profile has keep the swagger's. `required` stays the profile's.
 */
function profileProperties(profile, group) {
  const properties = {};
  for (const [key, schema] of Object.entries(profile.properties)) properties[key] = group.properties?.[key] ?? schema;
  return { ...profile, properties };
}

/** The file and template-resource forms of one resource type, from the container group's and the type's body. */
function wrappers(t, definitions) {
  const body = definitions[t.body];
  const fileBase = definitions.ContainerGroupYamlFile;
  const armBase = definitions.ArmContainerGroupResource;
  const own = body.properties;
  const name = describe(fileBase.properties.name, `The ${t.noun} name.`);
  const file = {
    ...fileBase,
    description: `A ${t.noun} definition (${t.type}): its \`type\` names the resource type.`,
    properties: {
      apiVersion: fileBase.properties.apiVersion,
      name,
      type: describe({ type: 'string', pattern: anyCase(t.type) }, `The resource type, \`${t.type}\`.`),
      id: fileBase.properties.id,
      ...own,
    },
    required: ['type', 'properties'],
  };
  const arm = {
    ...armBase,
    description: `A ${t.type} resource of an ARM template.`,
    properties: {
      ...Object.fromEntries(Object.entries(armBase.properties).filter(([k]) => !['location', 'tags', 'zones', 'identity', 'properties'].includes(k))),
      type: { ...armBase.properties.type, pattern: anyCase(t.type) },
      name: describe(armBase.properties.name, `The ${t.noun} name (may be a template expression).`),
      ...own,
    },
    required: ['type', 'properties'],
  };
  for (const form of [file, arm]) {
    delete form.markdownDescription;
    form.markdownDescription = form.description;
  }
  return { [t.file]: file, [t.arm]: arm };
}

/**
 * Adds the converted resource-type definitions (`converted`: name → JSON Schema, from the pinned swagger) and
 * their file and template forms to a version's definitions, in place.
 */
export function addResourceTypes(definitions, converted, version) {
  for (const [name, def] of Object.entries(converted)) {
    if (definitions[name]) throw new Error(`${name} (${version}) is already a container group definition: pin only what the group lacks`);
    definitions[name] = { ...def, 'x-addedIn': version };
  }
  if (definitions.ContainerGroupProfileProperties) definitions.ContainerGroupProfileProperties = profileProperties(definitions.ContainerGroupProfileProperties, definitions.ContainerGroupPropertiesProperties);
  for (const t of RESOURCE_TYPES) if (definitions[t.body]) Object.assign(definitions, wrappers(t, definitions));
}
