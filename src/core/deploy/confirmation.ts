/**
 * The text of the deploy confirmation (plain English data for the adapter to lay out): where the group
 * goes, which stored secrets are sent to which fields (names only), and what changes.
 */
import type { CloudEndpoints } from '../settings/endpoints';
import { describeEndpoints } from '../settings/endpoints';

export interface SecretUse {
  name: string;
  /** Body path of the field it fills, e.g. `properties.containers[0].properties.environmentVariables[1].secureValue`. */
  path: string;
  /** The same field by element names, as the change list shows it: `containers[web].environmentVariables[PW].secureValue`. */
  field?: string;
}

/** "db-pw → containers[web].environmentVariables[PW].secureValue", one line per stored secret and field. */
export function describeSecretUses(uses: readonly SecretUse[]): string[] {
  const lines = uses.map((u) => `${u.name} → ${u.field ?? u.path.replace(/(^|\.)properties\./g, '$1')}`);
  return [...new Set(lines)];
}

/** Lines naming the target: subscription, resource group, and the endpoints when not the public cloud. */
export function describeDestination(target: { subscriptionId: string; resourceGroup: string }, cloud?: CloudEndpoints): string[] {
  const lines = [`Subscription: ${target.subscriptionId}`, `Resource group: ${target.resourceGroup}`];
  const endpoints = cloud && describeEndpoints(cloud);
  if (endpoints) lines.push(endpoints);
  return lines;
}

/** At most `max` lines, then a count of the rest. */
export function capLines(lines: readonly string[], max: number): string[] {
  return lines.length <= max ? [...lines] : [...lines.slice(0, max), `… and ${lines.length - max} more (all of them are in the output log)`];
}
