export { DeployInputError, toRequestBody, type BodyConversion, type BodyOptions, type DefinitionShape, type RequestBody } from './requestBody';
export {
  findSecretReferences,
  formatBodyPath,
  isSecretField,
  isValidSecretName,
  resolveSecretPlaceholders,
  SECRET_NAME_PATTERN,
  type SecretLookup,
  type SecretReference,
  type SecretResolution,
} from './secretPlaceholders';
export { describeChanges } from './diff';
export { locateErrorTargets, parseTargetPath, rangeForBodyPath, type ErrorLocation, type TargetRange } from './errorTargets';
export {
  deployBody,
  describeInstanceView,
  prepareDeploy,
  readExistingGroup,
  summarizeDeployedGroup,
  type AsyncSecretLookup,
  type DeployedGroup,
  type DeployRun,
  type DeployTarget,
  type PreparedDeploy,
} from './deployContainerGroup';
