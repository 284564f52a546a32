/** Where requests and sign-in go, said out loud whenever that is not the public Azure cloud. */

export interface CloudEndpoints {
  name: string;
  armEndpoint: string;
  authorityHost: string;
}

/** Undefined for the public cloud; else one sentence naming the ARM endpoint and the sign-in authority. */
export function describeEndpoints(cloud: CloudEndpoints): string | undefined {
  if (cloud.name === 'AzureCloud') return undefined;
  // "Custom cloud", as sign-in says "the custom cloud"; a national cloud by its name (AzureChinaCloud).
  const which = cloud.name === 'Custom' ? 'Custom cloud' : cloud.name;
  return `${which}: requests go to ${cloud.armEndpoint}, sign-in to ${cloud.authorityHost}.`;
}
