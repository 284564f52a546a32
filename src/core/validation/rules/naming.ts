/** Naming rules from the Azure docs (the swagger has none). */

/** Container group: 1-63 lowercase letters, digits, hyphens; no leading/trailing or double hyphen. */
export const GROUP_NAME = /^(?!.*--)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** Container (and init container): the service's own regex, at most 63 characters. */
export const CONTAINER_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** Volume: 5-63 lowercase letters, digits, hyphens; no leading/trailing or double hyphen. */
export const VOLUME_NAME = /^(?!.*--)[a-z0-9][a-z0-9-]{3,61}[a-z0-9]$/;
/** The same without the documented minimum length: names this short are warned about, not refused. */
export const SHORT_VOLUME_NAME = /^(?!.*--)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** DNS name label: 5-63 letters, digits, hyphens (case-insensitive); no leading/trailing hyphen. */
export const DNS_LABEL = /^[a-zA-Z0-9][a-zA-Z0-9-]{3,61}[a-zA-Z0-9]$/;
/** Environment variable: 1-63 letters, digits, underscores; no leading/trailing underscore. */
export const ENV_NAME = /^[A-Za-z0-9]([A-Za-z0-9_]{0,61}[A-Za-z0-9])?$/;

/** A best-effort valid spelling to offer as a fix (lowercase, invalid characters → hyphens). */
export function suggestName(name: string, maxLength = 63): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
