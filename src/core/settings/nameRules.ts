/**
 * Input checks for the "Add …" flows. Each returns undefined when the value is fine, else a message that
 * says what to change (VS Code shows it under the input box). Rules: Azure resource naming rules.
 */

/** `.` and `..`: a URL resolves them, so as a path segment they would address another resource. */
export const isDotSegment = (value: string): boolean => value === '.' || value === '..';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkSubscriptionId(value: string): string | undefined {
  return GUID.test(value.trim()) ? undefined : 'Enter a subscription ID: a GUID such as 00000000-0000-0000-0000-000000000000.';
}

export function checkResourceGroupName(value: string): string | undefined {
  const v = value.trim();
  if (v.length < 1 || v.length > 90) return 'A resource group name has 1 to 90 characters.';
  if (!/^[-\w.()]+$/u.test(v)) return 'Use letters, digits, underscores, hyphens, periods and parentheses only.';
  if (v.endsWith('.')) return 'A resource group name cannot end with a period.';
  return undefined;
}

export function checkContainerGroupName(value: string): string | undefined {
  const v = value.trim();
  if (v.length < 1 || v.length > 63) return 'A container group name has 1 to 63 characters.';
  if (!/^[a-z0-9-]+$/.test(v)) return 'Use lowercase letters, digits and hyphens only.';
  if (v.startsWith('-') || v.endsWith('-')) return 'A container group name cannot start or end with a hyphen.';
  if (v.includes('--')) return 'A container group name cannot contain two hyphens in a row.';
  return undefined;
}

/**
 * A container group profile's or NGroups resource's name: 1-63 letters of either case, digits, hyphens and
 * underscores, a letter or digit at each end (unlike a container group's: published profiles are named `cgp_1`).
 * From the path parameters containerGroupProfileName and ngroupsName of the 2025-09-01 specification
 * (Azure/azure-rest-api-specs 037aa1571a00119bedc6cec175e1ccf5d65c3965,
 * specification/containerinstance/resource-manager/Microsoft.ContainerInstance/ContainerInstance/stable/2025-09-01/containerInstance.json).
 */
export function checkProfileOrNGroupsName(value: string, noun: string): string | undefined {
  const v = value.trim();
  if (v.length < 1 || v.length > 63) return `The ${noun} name has 1 to 63 characters.`;
  if (!/^[-_a-zA-Z0-9]+$/.test(v)) return 'Use letters, digits, hyphens and underscores only.';
  if (!/^[a-zA-Z0-9]/.test(v) || !/[a-zA-Z0-9]$/.test(v)) return `The ${noun} name starts and ends with a letter or digit.`;
  return undefined;
}

/** Data Share's names (`what` in the message): `min` to 90 characters, no space or < > % & : \ ? / # *, not '.' or '..'. */
function checkDataShareName(value: string, what: string, min: number): string | undefined {
  const v = value.trim();
  if (v.length < min || v.length > 90) return `${what} has ${min} to 90 characters.`;
  if (/[\s<>%&:\\?/#*]/u.test(v)) return 'Remove spaces and the characters < > % & : \\ ? / # *.';
  if (isDotSegment(v)) return "'.' and '..' are not names.";
  return undefined;
}

export function checkDataShareAccountName(value: string): string | undefined {
  return checkDataShareName(value, 'A Data Share account name', 3);
}

export function checkShareSubscriptionName(value: string): string | undefined {
  return checkDataShareName(value, 'A share subscription name', 1);
}

export function checkLocation(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  return /^[a-z0-9]+$/i.test(v.replace(/\s/g, '')) ? undefined : 'Enter a region name such as westeurope.';
}

/** Accepts "West Europe" as well as "westeurope", the way ARM does. */
export function normalizeLocation(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase();
}
