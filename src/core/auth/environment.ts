/**
 * Service-principal settings from the standard Azure SDK environment variables.
 */

export interface EnvironmentCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  authorityHost?: string;
}

/** Undefined unless tenant, client id and client secret are all set (non-blank). */
export function readEnvironmentCredentials(env: Record<string, string | undefined>): EnvironmentCredentials | undefined {
  const tenantId = env.AZURE_TENANT_ID?.trim();
  const clientId = env.AZURE_CLIENT_ID?.trim();
  const clientSecret = env.AZURE_CLIENT_SECRET;
  if (!tenantId || !clientId || !clientSecret || clientSecret.trim().length === 0) {
    return undefined;
  }
  const authorityHost = env.AZURE_AUTHORITY_HOST?.trim();
  return { tenantId, clientId, clientSecret, ...(authorityHost ? { authorityHost } : {}) };
}
