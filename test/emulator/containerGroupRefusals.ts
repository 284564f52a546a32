// Scripted refusals of a container group PUT: a group whose name contains `deploy-<scenario>` is refused as Azure
// refuses a deploy it cannot place, with the service's code and words (nothing is stored).
//
// Sources (MicrosoftDocs/SupportArticles-docs, support/azure/azure-container-instances/configuration-setup/, commit
// 03bc52bef875f55ec902389faf6de271f8661346, and the pages they name):
// - dns-taken: DnsNameLabelAlreadyTaken "The DNS name label '<label>' in container group '<group>' is not available.
//   Try using a different label." (az container create output quoted in public AZ-204 lab notes; the message alone in
//   shahiddev/docker-k8s-workshop#2). The status is not on record: 400, as the service's other checks of the body.
// - quota: ServiceUnavailable "Resource type 'Microsoft.ContainerInstance/containerGroups' container group quota
//   '<quota>' exceeded in region '<region>'. Limit: 'L', Usage: 'U' Requested: 'R'."
//   (service-unavailable-container-group-quota-exceeded.md; the same wording with 'StandardCores' in
//   MicrosoftDocs/azure-docs#51738). Here the StandardCores quota (10, the documented default) all in use, as when
//   other deploys took the cores between the client's usage read and its PUT. The status is not on record: 409, as the capacity refusal below.
// - capacity: ServiceUnavailable (409) "The requested resource is not available in the location '<region>' at this
//   moment. Please retry with a different resource request or in another location. Resource requested: 'C' CPU 'M' GB
//   memory 'Linux' OS." (service-unavailable-requested-resource-is-not-available.md).
import type { ErrorInfo } from './reply';
import { STANDARD_CORES_LIMIT } from './containerLocations';

type Obj = Record<string, unknown>;

export const DEPLOY_REFUSALS = ['dns-taken', 'quota', 'capacity'] as const;
export type DeployRefusal = (typeof DEPLOY_REFUSALS)[number];

export function deployRefusal(groupName: string): DeployRefusal | undefined {
  const lower = groupName.toLowerCase();
  return DEPLOY_REFUSALS.find((s) => lower.includes(`deploy-${s}`));
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** What the group asks: its cores and memory, summed over its containers' requests. */
function requested(body: Obj): { cpu: number; memoryInGB: number } {
  const containers = (((body.properties as Obj | undefined)?.containers as Obj[] | undefined) ?? []).map((c) => ((c.properties as Obj | undefined)?.resources as Obj | undefined)?.requests as Obj | undefined);
  return { cpu: containers.reduce((s, r) => s + num(r?.cpu), 0), memoryInGB: containers.reduce((s, r) => s + num(r?.memoryInGB), 0) };
}

/** The status and error of the refusal for `scenario`. */
export function refusalError(scenario: DeployRefusal, groupName: string, body: Obj, region: string): { status: number; error: ErrorInfo } {
  const asked = requested(body);
  switch (scenario) {
    case 'dns-taken': {
      const label = String(((body.properties as Obj | undefined)?.ipAddress as Obj | undefined)?.dnsNameLabel ?? groupName);
      return { status: 400, error: { code: 'DnsNameLabelAlreadyTaken', message: `The DNS name label '${label}' in container group '${groupName}' is not available. Try using a different label.` } };
    }
    case 'quota':
      return {
        status: 409,
        error: {
          code: 'ServiceUnavailable',
          message: `Resource type 'Microsoft.ContainerInstance/containerGroups' container group quota 'StandardCores' exceeded in region '${region}'. Limit: '${STANDARD_CORES_LIMIT}', Usage: '${STANDARD_CORES_LIMIT}' Requested: '${asked.cpu}'.`,
        },
      };
    case 'capacity':
      return {
        status: 409,
        error: {
          code: 'ServiceUnavailable',
          message: `The requested resource is not available in the location '${region}' at this moment. Please retry with a different resource request or in another location. Resource requested: '${asked.cpu}' CPU '${asked.memoryInGB}' GB memory 'Linux' OS.`,
        },
      };
  }
}
