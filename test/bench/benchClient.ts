/** An ARM client signed in to the emulator with a client secret, as the benchmarks run the core. */
import { ArmClient } from '../../src/core/arm/client';
import { ClientSecretTokenProvider } from '../../src/core/auth/clientSecretTokenProvider';

export interface BenchClient {
  client: ArmClient;
  tokens: ClientSecretTokenProvider;
  scope: string;
}

export function benchClient(emulatorUrl: string, credentials = { tenantId: 'bench-tenant', clientId: 'bench-client', clientSecret: 'bench-client-secret' }): BenchClient {
  const userAgent = 'aci-data-share-bench';
  const tokens = new ClientSecretTokenProvider({ authorityHost: emulatorUrl, ...credentials, userAgent });
  const scope = `${emulatorUrl}/.default`;
  return { client: new ArmClient({ endpoint: emulatorUrl, tokenProvider: tokens, scope, userAgent }), tokens, scope };
}
