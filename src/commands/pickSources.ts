/**
 * Where the Add flows' lists come from: the Azure session of this window, used only once the user is signed
 * in (a list never starts a sign-in of its own).
 */
import * as vscode from 'vscode';
import type { AzureSession } from '../azure/session';
import type { ArmClient } from '../core/arm/client';
import type { PickItem } from '../core/services/pickLists';
import { checkSubscriptionId } from '../core/settings/nameRules';
import type { SignInOffer, Step } from './inputSteps';

/** Each list stops paging when `signal` aborts (the pick it was loading for was closed). */
export interface PickSources {
  subscriptions(signal?: AbortSignal): Promise<PickItem[]>;
  resourceGroups(subscriptionId: string, signal?: AbortSignal): Promise<PickItem[]>;
  locations(subscriptionId: string, signal?: AbortSignal): Promise<PickItem[]>;
  dataShareAccounts(subscriptionId: string, signal?: AbortSignal): Promise<(PickItem & { resourceGroup: string })[]>;
  shareSubscriptions(account: { subscriptionId: string; resourceGroup: string; accountName: string }, signal?: AbortSignal): Promise<PickItem[]>;
}

/** What the lists need of the window's Azure session: its connection, only once signed in. */
export type PickSession = Pick<AzureSession, 'signedIn'>;

/** The lists, or undefined when nobody is signed in. */
export function pickSources(session: PickSession | undefined): PickSources | undefined {
  const connection = session?.signedIn();
  if (!connection) return undefined;
  const lists = () => import('../core/services/pickLists');
  type Lists = Awaited<ReturnType<typeof lists>>;
  const withClient = async <T>(run: (m: Lists, client: ArmClient) => Promise<T>) => run(await lists(), (await connection).client);
  return {
    subscriptions: (signal) => withClient((m, c) => m.listSubscriptions(c, signal)),
    resourceGroups: (sub, signal) => withClient((m, c) => m.listResourceGroups(c, sub, signal)),
    locations: (sub, signal) => withClient((m, c) => m.listLocations(c, sub, signal)),
    dataShareAccounts: (sub, signal) => withClient((m, c) => m.listDataShareAccounts(c, sub, signal)),
    shareSubscriptions: (account, signal) => withClient((m, c) => m.listShareSubscriptions(c, account, signal)),
  };
}

/** Offered by a list step while nobody is signed in: signing in turns the steps into lists read from Azure. */
export function signInOffer(session: PickSession | undefined, label: string): SignInOffer {
  return {
    signedIn: () => session?.signedIn() !== undefined,
    signIn: () => vscode.commands.executeCommand('aciDataShare.signIn'),
    label,
  };
}

/** The Add flows' first step: the subscription, picked from `lists` once signed in (typed otherwise). */
export function subscriptionStep(lists: () => PickSources | undefined): Step {
  return {
    prompt: vscode.l10n.t('Subscription ID'),
    placeHolder: '00000000-0000-0000-0000-000000000000',
    validate: checkSubscriptionId,
    choices: (_answers, signal) => lists()?.subscriptions(signal),
  };
}
