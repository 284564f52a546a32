/**
 * Where an exec or attach socket may go: the signed-in cloud's Container Instances bridges, or this computer
 * (the local emulator). The password, the keystrokes and attach's Authorization header travel on that socket, so a
 * reply naming any other host is refused.
 *
 * On record for the public cloud (https://management.azure.com):
 * - `bridge-linux-xx.<region>.management.azurecontainer.io` (azure-powershell,
 *   src/ContainerInstance/examples/Invoke-AzContainerInstanceCommand.md);
 * - `<id>.<region>.atlas.cloudapp.azure.com:19390` for exec and attach (MicrosoftDocs/azure-docs#113826 quotes the
 *   `execstream` URL; azure-powershell Add-AzContainerInstanceOutput.md the `logstream` one).
 * A customer's own names live one level up (`<label>.<region>.azurecontainer.io`, `<label>.<region>.cloudapp.azure.com`)
 * and a label holds no dot, so neither can end in `.management.azurecontainer.io` or `.atlas.cloudapp.azure.com`.
 * For Azure US Government and Azure China no bridge host is on public record; their bridges are taken to follow
 * the same `atlas` naming under each cloud's documented cloud-service suffix (`cloudapp.usgovcloudapi.net`,
 * `chinacloudapp.cn`). A custom cloud has no known bridge: only this computer.
 */
import { isLoopbackHost } from '../arm/urlPolicy';

const BRIDGES: Record<string, readonly string[]> = {
  'management.azure.com': ['.management.azurecontainer.io', '.atlas.cloudapp.azure.com'],
  'management.usgovcloudapi.net': ['.atlas.cloudapp.usgovcloudapi.net'],
  'management.chinacloudapi.cn': ['.atlas.chinacloudapp.cn'],
};

/** True when `hostname` is one of the bridges of the cloud whose ARM endpoint is `armEndpoint`, or this computer. */
export function isBridgeHost(hostname: string, armEndpoint: string): boolean {
  if (isLoopbackHost(hostname)) return true;
  let armHost: string;
  try {
    armHost = new URL(armEndpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  // URL gives the host lower-cased, without a trailing dot only when there was none: a trailing dot is refused.
  const host = hostname.toLowerCase();
  return (BRIDGES[armHost] ?? []).some((suffix) => host.endsWith(suffix) && host.length > suffix.length && !host.slice(0, -suffix.length).includes('..'));
}
