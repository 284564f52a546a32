// The lists the "Add …" flows pick from: tenants, subscriptions, resource groups, locations, Data Share accounts
// and their share subscriptions. A small fixed catalog matching the sample workspaces, in the shapes of the
// REST API examples in Azure/azure-rest-api-specs:
//   resources/.../Microsoft.Resources/stable/2022-12-01/examples/GetTenants.json, GetSubscriptions.json, GetLocations.json
//   resources/.../Microsoft.Resources/stable/2021-04-01/examples (ResourceGroups_List: id, name, type, location, properties)
//   datashare/.../Microsoft.DataShare/stable/2021-08-01/examples/Accounts_ListBySubscription.json, ShareSubscriptions_ListByAccount.json
// Every list is one page (no nextLink), as these small lists are in Azure.
import { RequestContext } from './context';
import { Reply, cloudError, jsonReply } from './reply';

export const SUBSCRIPTIONS_API_VERSION = '2022-12-01';
export const RESOURCE_GROUPS_API_VERSION = '2021-04-01';

export const EMULATOR_SUBSCRIPTION = '00000000-0000-0000-0000-000000000001';
export const TENANT = '00000000-0000-0000-0000-0000000000aa';

const RESOURCE_GROUPS: [name: string, location: string][] = [
  ['rg-api', 'westeurope'],
  ['rg-demo', 'westeurope'],
  ['rg-share', 'westeurope'],
  ['rg-containers', 'northeurope'],
];
const LOCATIONS: [name: string, displayName: string, geography: string, regionType: 'Physical' | 'Logical'][] = [
  ['westeurope', 'West Europe', 'Europe', 'Physical'],
  ['northeurope', 'North Europe', 'Europe', 'Physical'],
  ['uksouth', 'UK South', 'United Kingdom', 'Physical'],
  ['eastus', 'East US', 'United States', 'Physical'],
  ['westus2', 'West US 2', 'United States', 'Physical'],
  ['europe', 'Europe', 'Europe', 'Logical'],
];
/** A resource group's location: the catalog's, else West Europe (tests use groups of their own naming). */
export function resourceGroupLocation(name: string): string {
  return RESOURCE_GROUPS.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1] ?? 'westeurope';
}

const ACCOUNTS: [resourceGroup: string, name: string][] = [['rg-share', 'contoso-share']];
const SHARE_SUBSCRIPTIONS: [account: string, name: string, shareName: string][] = [
  ['contoso-share', 'sales-settings-5', 'sales'],
  ['contoso-share', 'telemetry-rows-100000', 'telemetry'],
];

const known = (sub: string) => sub.toLowerCase() === EMULATOR_SUBSCRIPTION;
const notFound = (sub: string): Reply =>
  cloudError(404, { code: 'SubscriptionNotFound', message: `The subscription '${sub}' could not be found.` });

export function listTenants(): Reply {
  return jsonReply(200, {
    value: [{ id: `/tenants/${TENANT}`, tenantId: TENANT, tenantCategory: 'Home', countryCode: 'US', displayName: 'Contoso (emulator)', domains: ['contoso.onmicrosoft.com'], defaultDomain: 'contoso.onmicrosoft.com', tenantType: 'AAD' }],
  });
}

export function listSubscriptions(): Reply {
  return jsonReply(200, {
    value: [{
      id: `/subscriptions/${EMULATOR_SUBSCRIPTION}`,
      authorizationSource: 'RoleBased',
      managedByTenants: [],
      subscriptionId: EMULATOR_SUBSCRIPTION,
      tenantId: TENANT,
      displayName: 'Contoso Emulator',
      state: 'Enabled',
      subscriptionPolicies: { locationPlacementId: 'Public_2014-09-01', quotaId: 'PayAsYouGo_2014-09-01', spendingLimit: 'Off' },
    }],
  });
}

export function listResourceGroups(ctx: RequestContext): Reply {
  const sub = ctx.params.subscriptionId;
  if (!known(sub)) return notFound(sub);
  return jsonReply(200, {
    value: RESOURCE_GROUPS.map(([name, location]) => ({
      id: `/subscriptions/${sub}/resourceGroups/${name}`,
      name,
      type: 'Microsoft.Resources/resourceGroups',
      location,
      properties: { provisioningState: 'Succeeded' },
    })),
  });
}

export function listLocations(ctx: RequestContext): Reply {
  const sub = ctx.params.subscriptionId;
  if (!known(sub)) return notFound(sub);
  return jsonReply(200, {
    value: LOCATIONS.map(([name, displayName, geography, regionType]) => ({
      id: `/subscriptions/${sub}/locations/${name}`,
      name,
      type: 'Region',
      displayName,
      regionalDisplayName: regionType === 'Physical' ? `(${geography}) ${displayName}` : displayName,
      metadata: { regionType, regionCategory: regionType === 'Physical' ? 'Recommended' : 'Other', geography },
    })),
  });
}

export function listDataShareAccounts(ctx: RequestContext): Reply {
  const sub = ctx.params.subscriptionId;
  if (!known(sub)) return notFound(sub);
  return jsonReply(200, {
    value: ACCOUNTS.map(([rg, name]) => ({
      id: `/subscriptions/${sub}/resourceGroups/${rg}/providers/Microsoft.DataShare/accounts/${name}`,
      name,
      type: 'Microsoft.DataShare/accounts',
      location: 'westeurope',
      identity: { type: 'SystemAssigned', principalId: '00000000-0000-0000-0000-0000000000bb', tenantId: TENANT },
      properties: { createdAt: '2026-01-05T09:00:00Z', provisioningState: 'Succeeded', userEmail: 'owner@contoso.com', userName: 'Owner' },
    })),
  });
}

export function listShareSubscriptions(ctx: RequestContext): Reply {
  const { subscriptionId: sub, resourceGroup, account } = ctx.params;
  const exists = known(sub) && ACCOUNTS.some(([rg, name]) => rg.toLowerCase() === resourceGroup.toLowerCase() && name === account);
  if (!exists) return cloudError(404, { code: 'ResourceNotFound', message: `The Resource 'Microsoft.DataShare/accounts/${account}' under resource group '${resourceGroup}' was not found.` });
  return jsonReply(200, {
    value: SHARE_SUBSCRIPTIONS.filter(([a]) => a === account).map(([, name, shareName]) => ({
      id: `/subscriptions/${sub}/resourceGroups/${resourceGroup}/providers/Microsoft.DataShare/accounts/${account}/shareSubscriptions/${name}`,
      name,
      type: 'Microsoft.DataShare/accounts/shareSubscriptions',
      properties: {
        createdAt: '2026-01-05T09:10:00Z',
        invitationId: '00000000-0000-0000-0000-0000000000cc',
        providerEmail: 'provider@fabrikam.com',
        providerName: 'Fabrikam',
        providerTenantName: 'Fabrikam',
        provisioningState: 'Succeeded',
        shareDescription: `The ${shareName} share`,
        shareKind: 'CopyBased',
        shareName,
        shareSubscriptionStatus: 'Active',
        shareTerms: 'Confidential',
        sourceShareLocation: 'westeurope',
        userEmail: 'owner@contoso.com',
        userName: 'Owner',
      },
    })),
  });
}
