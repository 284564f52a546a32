/**
 * A container group entry checked before anything is sent: the names Azure would refuse, each tied to the
 * setting field it comes from, so the message can point at that field.
 */
import type { ContainerGroupTarget } from './model';
import { checkContainerGroupName, checkLocation, checkResourceGroupName, checkSubscriptionId } from './nameRules';

export interface TargetProblem {
  field: keyof ContainerGroupTarget;
  value: string;
  message: string;
}

export function checkTarget(target: ContainerGroupTarget): TargetProblem[] {
  const checks: [keyof ContainerGroupTarget, (v: string) => string | undefined][] = [
    ['name', checkContainerGroupName],
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
