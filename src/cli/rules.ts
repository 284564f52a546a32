/**
 * What each finding code checks, for reports that describe their rules (SARIF). Typed by the code table, so a
 * new code does not build until it is described here.
 */
import { Code } from '../core/definition/findingCodes';
import { Severity } from '../core/definition/types';

export type CodeName = keyof typeof Code;

export interface RuleInfo {
  /** One sentence: what the rule checks. */
  description: string;
  /** The severity most of its findings have; each finding still carries its own. */
  level: Severity;
}

export const RULES: Record<CodeName, RuleInfo> = {
  tooLargeForLiveChecks: { level: 'info', description: 'The file is too large to be checked while typing in the editor.' },
  required: { level: 'error', description: 'A property the schema requires is missing.' },
  type: { level: 'error', description: 'A value has the wrong type for its property.' },
  enum: { level: 'error', description: 'A value is not one of the values the property allows.' },
  format: { level: 'error', description: 'A value does not have the format its property needs (integer range, date-time).' },
  schemaOther: { level: 'error', description: 'The definition breaks another constraint of the container group schema.' },
  parameterFile: { level: 'info', description: 'The file is a deployment parameter file, not a definition or template; its values are not checked or printed.' },
  notAnObject: { level: 'error', description: 'The definition is not an object.' },
  syntax: { level: 'error', description: 'The file is not valid JSON or YAML.' },
  duplicateKey: { level: 'warning', description: 'A key appears twice in one object; only the last one counts.' },
  multipleDocuments: { level: 'error', description: 'A YAML file holds more than one document.' },
  alias: { level: 'info', description: 'A YAML alias repeats an anchored value; findings inside it are reported at the alias.' },
  yaml11Boolean: { level: 'warning', description: 'An unquoted value that YAML 1.1 readers (az container create) take as a boolean.' },
  yaml11Number: { level: 'warning', description: 'An unquoted value that YAML 1.1 readers take as an octal or base-60 number.' },
  unquotedDate: { level: 'warning', description: 'An unquoted value that YAML 1.1 readers take as a date.' },
  tooDeep: { level: 'error', description: 'The document is nested too deeply to be read.' },
  emptyDocument: { level: 'error', description: 'The file holds no definition.' },
  yamlWarning: { level: 'warning', description: 'The YAML parser warns about this construct.' },
  complexKey: { level: 'error', description: 'A YAML key is a collection instead of a plain name.' },
  unquotedPlaceholder: { level: 'error', description: 'A {{secret:NAME}} placeholder is unquoted, so YAML reads it as a mapping.' },
  aliasExpansion: { level: 'error', description: 'YAML aliases expand to more values than are read.' },
  propertyCase: { level: 'warning', description: 'A property name differs in letter case from its documented spelling.' },
  enumCase: { level: 'warning', description: 'An allowed value differs in letter case from its documented spelling.' },
  numberAsString: { level: 'warning', description: 'A number is written as text.' },
  scalarAsString: { level: 'warning', description: 'A text property holds a number or boolean; quote it.' },
  nullValue: { level: 'warning', description: 'A property is null or empty.' },
  unknownProperty: { level: 'warning', description: "A property is not part of the container group schema of the file's api-version." },
  readOnly: { level: 'info', description: 'A read-only property set by the service; it is ignored when deploying.' },
  booleanAsString: { level: 'warning', description: 'A boolean is written as text.' },
  placeholderOutsideSecret: { level: 'warning', description: 'A {{secret:NAME}} placeholder outside a secret field, where it is not replaced.' },
  apiVersion: { level: 'info', description: 'The apiVersion has no schema here (an older published one, or one newer than any known); the definition is checked against the nearest known version.' },
  newerProperty: { level: 'warning', description: "A property that only a newer api-version has; the quick fix moves the file to that version." },
  unknownApiVersion: { level: 'error', description: 'The apiVersion is not a known api-version of container groups, or is not one at all.' },
  invalidSecretName: { level: 'error', description: 'A {{secret:NAME}} placeholder names a secret that cannot exist.' },
  mountPathColon: { level: 'error', description: 'A volume mount path contains a colon (such as a Windows drive letter).' },
  gitRepoDirectory: { level: 'error', description: 'A gitRepo volume directory climbs out of the volume with "..".' },
  confidentialPolicy: { level: 'warning', description: 'A container group with sku Confidential has no confidential computing enforcement policy (ccePolicy).' },
  privateWithoutSubnet: { level: 'error', description: 'A private IP address is requested without a subnet.' },
  userAssignedMissing: { level: 'error', description: 'A user-assigned identity type lists no user-assigned identities.' },
  identityNotDeclared: { level: 'error', description: 'An identity is used but not declared on the container group.' },
  mountUnknownVolume: { level: 'error', description: 'A volume mount names no volume of the container group.' },
  duplicateContainer: { level: 'error', description: 'Two containers have the same name.' },
  duplicateVolume: { level: 'error', description: 'Two volumes have the same name.' },
  portNotExposed: { level: 'warning', description: 'A port opened on the group IP address is exposed by no container.' },
  volumeSource: { level: 'error', description: 'A volume has no source or more than one.' },
  secretNotBase64: { level: 'error', description: 'A secret volume file is not base64-encoded.' },
  groupName: { level: 'error', description: 'The container group name breaks the naming rules.' },
  containerName: { level: 'error', description: 'A container name breaks the naming rules.' },
  volumeName: { level: 'error', description: 'A volume name breaks the naming rules.' },
  dnsLabel: { level: 'error', description: 'The DNS name label breaks the naming rules.' },
  envVarName: { level: 'warning', description: 'An environment variable name is not 1-63 letters, digits or underscores.' },
  resources: { level: 'error', description: 'CPU, memory or limits are out of the allowed range or exceed the requests.' },
  gpu: { level: 'error', description: 'A GPU resource: GPU container groups were retired on 2025-07-14.' },
  spotPriority: { level: 'error', description: 'A Spot container group with what Spot does not support (inbound connectivity, a SKU other than Standard, a GPU).' },
  secretReferenceUndeclared: { level: 'error', description: 'A secret reference names no entry of properties.secretReferences.' },
  sharedPort: { level: 'warning', description: 'Two containers of the group expose the same port and protocol, though they share one network.' },
  tooManyContainers: { level: 'error', description: 'The group has more containers than allowed.' },
  tooManyVolumes: { level: 'error', description: 'The group has more volumes than allowed.' },
  tooManyPorts: { level: 'error', description: 'The group exposes more ports than allowed.' },
  windowsMultiContainer: { level: 'error', description: 'A Windows container group has more than one container.' },
  multipleZones: { level: 'error', description: 'More than one availability zone is requested.' },
  portRange: { level: 'error', description: 'A port number is out of range.' },
  duplicateEnvVar: { level: 'warning', description: 'An environment variable is set twice in one container.' },
  emptySecretVolume: { level: 'warning', description: 'A secret volume holds no files (as an import leaves it: Azure does not return them).' },
  unknownSecret: { level: 'warning', description: 'A {{secret:NAME}} placeholder names a secret that is not stored.' },
  examplePlaceholder: { level: 'warning', description: 'A placeholder left from an example (<subscription-ID>, XXXX) where a real value goes; deploy refuses to send it.' },
};
