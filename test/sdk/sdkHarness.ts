// The official Azure SDKs pointed at the emulator: a TokenCredential that signs in at the emulator's token endpoint,
// and a client pipeline that sends that token over plain http to 127.0.0.1. The SDKs' own bearer policy refuses any
// non-https URL, so it is replaced by one that sets the same header; everything else (request shaping, paging,
// long-running operation polling, deserialization) is the SDK's.
import type { AccessToken, TokenCredential } from '@azure/core-auth';
import { bearerTokenAuthenticationPolicyName, type Pipeline, type PipelinePolicy } from '@azure/core-rest-pipeline';
import { type Emulator, type EmulatorOptions } from '../emulator/server';
import { startTestEmulator } from '../emulator/testEmulator';
import { getToken } from '../emulator/testClient';

/** Signs in at the emulator as a client-credentials app would, once per token lifetime. */
export class EmulatorCredential implements TokenCredential {
  private cached: AccessToken | undefined;
  constructor(private readonly baseUrl: string) {}
  async getToken(): Promise<AccessToken> {
    if (!this.cached || this.cached.expiresOnTimestamp < Date.now() + 60_000) {
      this.cached = { token: await getToken(this.baseUrl), expiresOnTimestamp: Date.now() + 3_000_000 };
    }
    return this.cached;
  }
}

function emulatorBearer(credential: TokenCredential): PipelinePolicy {
  return {
    name: 'emulatorBearerToken',
    async sendRequest(request, next) {
      const token = await credential.getToken('https://management.azure.com/.default');
      if (token) request.headers.set('authorization', `Bearer ${token.token}`);
      return next(request);
    },
  };
}

/** Swaps the SDK's https-only bearer policy for one that sends the emulator's token to 127.0.0.1 over http. */
export function overLoopback<T extends { pipeline: Pipeline }>(client: T, credential: TokenCredential): T {
  client.pipeline.removePolicy({ name: bearerTokenAuthenticationPolicyName });
  client.pipeline.addPolicy(emulatorBearer(credential), { phase: 'Sign' });
  return client;
}

export interface SdkStage {
  emu: Emulator;
  credential: EmulatorCredential;
  /** Client options every SDK client takes: the emulator as its endpoint, plain http allowed, no retries to hide a wrong answer. */
  clientOptions: { endpoint: string; allowInsecureConnection: true; retryOptions: { maxRetries: number } };
}

export async function startSdkStage(options: EmulatorOptions = {}): Promise<SdkStage> {
  const emu = await startTestEmulator(options);
  return { emu, credential: new EmulatorCredential(emu.url), clientOptions: { endpoint: emu.url, allowInsecureConnection: true, retryOptions: { maxRetries: 0 } } };
}

/** Fast polling for the SDKs' long-running operations (the emulator ends them after `lroPolls`). */
export const POLL = { updateIntervalInMs: 10 };

/** Every item of a paged listing. */
export async function all<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of pages) out.push(item);
  return out;
}
