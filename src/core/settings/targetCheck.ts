/**
 * A container group entry checked before anything is sent: the names Azure would refuse, each tied to the
 * setting field it comes from, so the message can point at that field.
 */
import type { ContainerGroupTarget } from './model';
import { checkContainerGroupName, checkLocation, checkProfileOrNGroupsName, checkResourceGroupName, checkSubscriptionId } from './nameRules';

export interface TargetProblem {
  field: keyof ContainerGroupTarget;
  value: string;
  message: string;
}

/** The resource types other than container groups an entry's definition can describe, by their ARM collection. */
const OTHER_NOUNS: Record<string, string> = { containerGroupProfiles: 'container group profile', ngroups: 'NGroups resource' };

/**
 * `collection`: the ARM collection the definition's resource type lives in (containerGroupProfiles, ngroups);
 * undefined for a container group. Each type's name has its own rule.
 */
export function checkTarget(target: ContainerGroupTarget, collection?: string): TargetProblem[] {
  const noun = collection === undefined ? undefined : OTHER_NOUNS[collection];
  const checks: [keyof ContainerGroupTarget, (v: string) => string | undefined][] = [
    ['name', noun ? (v) => checkProfileOrNGroupsName(v, noun) : checkContainerGroupName],
    ['subscriptionId', checkSubscriptionId],
    ['resourceGroup', checkResourceGroupName],
    ['location', checkLocation],
  ];
  const problems: TargetProblem[] = [];
  for (const [field, check] of checks) {
    const value = target[field];
    if (value === undefined) continue;
    const message = check(value);
    if (message) problems.push({ field, value, message });
  }
  return problems;
}
