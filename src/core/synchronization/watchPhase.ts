/**
 * The phases of a synchronization watch and the only moves between them, in one table. A watch reads its status
 * from the synchronize operation it follows, or from the share subscription's listing (once the operation can no
 * longer tell, or for a synchronization started elsewhere); either way a cancel may be under way; once its end is
 * known it reads the finished data sets one last time (finishing) and then reads nothing more (ended). A watch
 * replaced or disposed stops reading at once (stopped) but can still be finished, so whoever waits on its end hears it.
 */
export type WatchPhase = 'operation' | 'listing' | 'operationCanceling' | 'listingCanceling' | 'finishing' | 'stopped' | 'ended';

export type WatchEvent =
  /** The operation can no longer be followed: the status comes from the listing. */
  | 'followListing'
  /** A cancel was asked for. */
  | 'cancel'
  /** The cancel was refused or could not be sent. */
  | 'cancelFailed'
  /** The end is known: read the details one last time. */
  | 'finish'
  /** The end is recorded. */
  | 'end'
  /** Replaced or disposed: read nothing more. */
  | 'stop';

export const WATCH_PHASES: readonly WatchPhase[] = ['operation', 'listing', 'operationCanceling', 'listingCanceling', 'finishing', 'stopped', 'ended'];
export const WATCH_EVENTS: readonly WatchEvent[] = ['followListing', 'cancel', 'cancelFailed', 'finish', 'end', 'stop'];

/** Every allowed move; an event a phase does not list is refused (the watch stays as it is). */
export const WATCH_TRANSITIONS: Readonly<Record<WatchPhase, Readonly<Partial<Record<WatchEvent, WatchPhase>>>>> = {
  operation: { followListing: 'listing', cancel: 'operationCanceling', finish: 'finishing', stop: 'stopped' },
  listing: { followListing: 'listing', cancel: 'listingCanceling', finish: 'finishing', end: 'ended', stop: 'stopped' },
  operationCanceling: { followListing: 'listingCanceling', cancel: 'operationCanceling', cancelFailed: 'operation', finish: 'finishing', stop: 'stopped' },
  listingCanceling: { followListing: 'listingCanceling', cancel: 'listingCanceling', cancelFailed: 'listing', finish: 'finishing', end: 'ended', stop: 'stopped' },
  // Stopped while reading its end: the last read is cut short, the end is still recorded.
  finishing: { end: 'ended', stop: 'finishing' },
  stopped: { finish: 'finishing', end: 'ended' },
  ended: {},
};

/** The phase `event` moves `phase` to, or undefined when the table does not allow it. */
export function nextPhase(phase: WatchPhase, event: WatchEvent): WatchPhase | undefined {
  return WATCH_TRANSITIONS[phase][event];
}

/** Phases in which the watch reads on its own, every interval. */
export function isReading(phase: WatchPhase): boolean {
  return phase === 'operation' || phase === 'listing' || phase === 'operationCanceling' || phase === 'listingCanceling';
}

/** Phases in which the status comes from the listing rather than the operation. */
export function readsListing(phase: WatchPhase): boolean {
  return phase === 'listing' || phase === 'listingCanceling';
}

export function isCanceling(phase: WatchPhase): boolean {
  return phase === 'operationCanceling' || phase === 'listingCanceling';
}
