/** The location step of the Add flows: the resource group's own region first, marked. */
import type { PickItem } from './pickLists';

/**
 * The locations with the resource group's own region first, its description saying so (`note`): the region a
 * group usually goes to. Names compare as ARM writes them in either form ("West Europe", "westeurope").
 */
export function markRegion(items: readonly PickItem[], region: string | undefined, note: string): PickItem[] {
  const key = (v: string) => v.replace(/\s+/g, '').toLowerCase();
  const at = region ? items.findIndex((i) => key(i.value) === key(region)) : -1;
  if (at < 0) return [...items];
  const own = { ...items[at], description: [items[at].description, note].filter(Boolean).join(' · ') };
  return [own, ...items.slice(0, at), ...items.slice(at + 1)];
}
