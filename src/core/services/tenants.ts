/** The tenants the signed-in identity can use (`GET /tenants`), for the tenant picker. */
import type { ArmClient } from '../arm/client';
import { listPages } from '../arm/paging';

export const TENANTS_API_VERSION = '2022-12-01';

export interface TenantInfo {
  tenantId: string;
  displayName?: string;
  defaultDomain?: string;
}

export async function listTenants(client: ArmClient, signal?: AbortSignal): Promise<TenantInfo[]> {
  const tenants: TenantInfo[] = [];
  for await (const page of listPages<Record<string, unknown>>(client, { method: 'GET', path: '/tenants', apiVersion: TENANTS_API_VERSION, signal }, { signal })) {
    for (const t of page.items) {
      if (typeof t.tenantId !== 'string') continue;
      tenants.push({
        tenantId: t.tenantId,
        displayName: typeof t.displayName === 'string' ? t.displayName : undefined,
        defaultDomain: typeof t.defaultDomain === 'string' ? t.defaultDomain : undefined,
      });
    }
  }
  return tenants;
}
