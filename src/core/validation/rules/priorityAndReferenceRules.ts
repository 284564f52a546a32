/**
 * Rules for what newer api-versions bring: Spot priority and key vault secret references.
 * - Spot: "Error codes for Spot container creation in Azure Container Instances" (learn.microsoft.com,
 *   troubleshoot/azure/azure-container-instances/configuration-setup/error-codes-spot-container-creation):
 *   SpotPriorityContainerGroupNotSupportedForInboundConnectivity (no IP address or ports),
 *   SpotPriorityContainerGroupNotSupportedInSku (Standard only), SpotPriorityContainerGroupWithGPUResourcesNotSupported.
 * - Secret references (2025-09-01, azure-rest-api-specs containerInstance.json and its example
 *   ContainerGroupsCreateOrUpdateSecretReference.json): secureValueReference, passwordReference,
 *   storageAccountKeyReference and the values of a secretReference volume each name an entry of
 *   properties.secretReferences; each entry's identity is a user-assigned identity of the group (checked with the
 *   group's other identities in groupRules).
 */
import { PathSegment } from '../../definition/types';
import { Code } from '../../definition/findingCodes';
import { list } from '../../definition/plainValues';
import { emit, hasExpression, literalString, obj, RuleContext } from './ruleContext';

const P: PathSegment[] = ['properties'];

export function checkSpot(props: Record<string, unknown>, containers: unknown[], ctx: RuleContext): void {
  if (literalString(ctx, props.priority) !== 'Spot') return;
  if (obj(props.ipAddress)) {
    emit(ctx, Code.spotPriority, 'error', 'A Spot container group cannot accept inbound connections: remove properties.ipAddress (Azure answers SpotPriorityContainerGroupNotSupportedForInboundConnectivity).', [...P, 'ipAddress'], { preferKey: true });
  }
  const sku = literalString(ctx, props.sku);
  if (sku !== undefined && sku !== 'Standard') {
    emit(ctx, Code.spotPriority, 'error', `A Spot container group must use sku 'Standard', not '${sku}' (Azure answers SpotPriorityContainerGroupNotSupportedInSku).`, [...P, 'sku'], { replacements: ['Standard'] });
  }
  containers.forEach((c, i) => {
    const resources = obj(obj(obj(c)?.properties)?.resources);
    for (const part of ['requests', 'limits'] as const) {
      if (obj(obj(resources?.[part])?.gpu)) {
        emit(ctx, Code.spotPriority, 'error', 'A Spot container group cannot request a GPU (Azure answers SpotPriorityContainerGroupWithGPUResourcesNotSupported).', [...P, 'containers', i, 'properties', 'resources', part, 'gpu'], { preferKey: true });
      }
    }
  });
}

/** Every secret reference a container, registry credential or volume uses names a declared secretReferences entry. */
export function checkSecretReferences(props: Record<string, unknown>, containers: unknown[], ctx: RuleContext): void {
  const entries = list(props.secretReferences);
  if (hasExpression(ctx, [props.secretReferences, ...entries.map((e) => obj(e)?.name)])) return;
  const declared = new Set(entries.map((e) => literalString(ctx, obj(e)?.name)).filter((n): n is string => n !== undefined));
  const names = [...declared];
  const check = (value: unknown, path: PathSegment[]) => {
    const name = literalString(ctx, value);
    if (name === undefined || declared.has(name)) return;
    const message = `Secret reference '${name}' is not declared: add it to properties.secretReferences (name, identity, secretReferenceUri)${names.length ? ` or use one of: ${names.join(', ')}` : ''}.`;
    emit(ctx, Code.secretReferenceUndeclared, 'error', message, path, { replacements: names });
  };
  const checkContainer = (c: unknown, at: PathSegment[]) => {
    list(obj(obj(c)?.properties)?.environmentVariables).forEach((v, j) => check(obj(v)?.secureValueReference, [...at, 'properties', 'environmentVariables', j, 'secureValueReference']));
  };
  containers.forEach((c, i) => checkContainer(c, [...P, 'containers', i]));
  list(props.initContainers).forEach((c, i) => checkContainer(c, [...P, 'initContainers', i]));
  list(props.imageRegistryCredentials).forEach((c, i) => check(obj(c)?.passwordReference, [...P, 'imageRegistryCredentials', i, 'passwordReference']));
  list(props.volumes).forEach((v, i) => {
    const volume = obj(v);
    check(obj(volume?.azureFile)?.storageAccountKeyReference, [...P, 'volumes', i, 'azureFile', 'storageAccountKeyReference']);
    for (const [key, ref] of Object.entries(obj(volume?.secretReference) ?? {})) check(ref, [...P, 'volumes', i, 'secretReference', key]);
  });
}
