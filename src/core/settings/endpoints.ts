/** Where requests and sign-in go, said out loud whenever that is not the public Azure cloud. */

export interface CloudEndpoints {
  name: string;
  armEndpoint: string;
  authorityHost: string;
}

/** Undefined for the public cloud; else one sentence naming the ARM endpoint and the sign-in authority. */
export function describeEndpoints(cloud: CloudEndpoints): string | undefined {
  if (cloud.name === 'AzureCloud') return undefined;
  return `Cloud ${cloud.name}: requests go to ${cloud.armEndpoint}, sign-in to ${cloud.authorityHost}.`;
}
