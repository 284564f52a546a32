/**
 * Where the Add flows' lists come from: the Azure session of this window, used only once the user is signed
 * in (a list never starts a sign-in of its own).
 */
import type { AzureSession } from '../azure/session';
import type { ArmClient } from '../core/arm/client';
import type { PickItem } from '../core/services/pickLists';

export interface PickSources {
  subscriptions(): Promise<PickItem[]>;
  resourceGroups(subscriptionId: string): Promise<PickItem[]>;
  locations(subscriptionId: string): Promise<PickItem[]>;
  dataShareAccounts(subscriptionId: string): Promise<(PickItem & { resourceGroup: string })[]>;
  shareSubscriptions(account: { subscriptionId: string; resourceGroup: string; accountName: string }): Promise<PickItem[]>;
}

let session: AzureSession | undefined;

export function usePickSession(s: AzureSession): void {
  session = s;
}

/** The lists, or undefined when nobody is signed in. */
export function pickSources(): PickSources | undefined {
  const connection = session?.signedIn();
  if (!connection) return undefined;
  const lists = () => import('../core/services/pickLists');
  type Lists = Awaited<ReturnType<typeof lists>>;
  const withClient = async <T>(run: (m: Lists, client: ArmClient) => Promise<T>) => run(await lists(), (await connection).client);
  return {
    subscriptions: () => withClient((m, c) => m.listSubscriptions(c)),
    resourceGroups: (sub) => withClient((m, c) => m.listResourceGroups(c, sub)),
    locations: (sub) => withClient((m, c) => m.listLocations(c, sub)),
    dataShareAccounts: (sub) => withClient((m, c) => m.listDataShareAccounts(c, sub)),
    shareSubscriptions: (account) => withClient((m, c) => m.listShareSubscriptions(c, account)),
  };
}
