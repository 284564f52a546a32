/**
 * Reads and writes the extension's settings. Settings that decide where a token goes are honoured only in
 * a trusted workspace; in an untrusted one the defaults apply.
 */
import * as vscode from 'vscode';
import {
  ContainerGroupTarget,
  ShareSubscriptionTarget,
  ReadResult,
  readContainerGroups,
  readShareSubscriptions,
  readCloudName,
  readAuthMethod,
  CloudName,
  AuthMethod,
} from '../core/settings/model';

export const SECTION = 'aciDataShare';

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION);
}

export function containerGroups(): ReadResult<ContainerGroupTarget> {
  return readContainerGroups(config().get('containerGroups'));
}

export function shareSubscriptions(): ReadResult<ShareSubscriptionTarget> {
  return readShareSubscriptions(config().get('shareSubscriptions'));
}

export interface ConnectionSettings {
  cloud: CloudName;
  custom?: { armEndpoint?: string; authorityHost?: string };
  authMethod: AuthMethod;
  tenant?: string;
}

export function connectionSettings(): ConnectionSettings {
  if (!vscode.workspace.isTrusted) return { cloud: 'AzureCloud', authMethod: 'microsoft' };
  const c = config();
  const custom = c.get<{ armEndpoint?: string; authorityHost?: string }>('customCloud');
  const tenant = c.get<string>('auth.tenant')?.trim();
  return {
    cloud: readCloudName(c.get('cloud')),
    custom: typeof custom === 'object' && custom !== null ? custom : undefined,
    authMethod: readAuthMethod(c.get('auth.method')),
    tenant: tenant ? tenant : undefined,
  };
}

export function affectsConnection(e: vscode.ConfigurationChangeEvent): boolean {
  return ['cloud', 'customCloud', 'auth', 'requestTimeoutSeconds'].some((k) => e.affectsConfiguration(`${SECTION}.${k}`));
}

/** The user's limit for one request to Azure, in milliseconds. */
export function requestTimeoutMs(): number {
  const seconds = vscode.workspace.getConfiguration(SECTION).get<number>('requestTimeoutSeconds', 60);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 600) * 1000 : 60_000;
}
