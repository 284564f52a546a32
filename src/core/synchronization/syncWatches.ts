/**
 * The synchronizations being followed, one per share subscription (keyed by shareSubscriptionKey), and the one
 * event the tree, the notifications and open reports listen to. A new watch of a share subscription replaces the
 * previous one; an ended watch stays, so its outcome can still be shown, until the next.
 */
import type { SynchronizationWatch, WatchSnapshot } from './syncWatch';

export type WatchListener = (key: string, snapshot: WatchSnapshot) => void;

export class SynchronizationWatches {
  private readonly watches = new Map<string, { watch: SynchronizationWatch; subscription: { dispose(): void } }>();
  private readonly listeners = new Set<WatchListener>();

  get(key: string): SynchronizationWatch | undefined {
    return this.watches.get(key)?.watch;
  }

  /** The watch of a synchronization that has not ended. */
  running(key: string): SynchronizationWatch | undefined {
    const watch = this.get(key);
    return watch && !watch.snapshot.ended ? watch : undefined;
  }

  add(watch: SynchronizationWatch): SynchronizationWatch {
    const previous = this.watches.get(watch.key);
    if (previous) {
      previous.subscription.dispose();
      previous.watch.stop();
    }
    const subscription = watch.onChange((snapshot) => this.fire(watch.key, snapshot));
    this.watches.set(watch.key, { watch, subscription });
    this.fire(watch.key, watch.snapshot);
    return watch;
  }

  onDidChange(listener: WatchListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private fire(key: string, snapshot: WatchSnapshot): void {
    for (const listener of [...this.listeners]) listener(key, snapshot);
  }

  dispose(): void {
    for (const { watch, subscription } of this.watches.values()) {
      subscription.dispose();
      watch.stop();
    }
    this.watches.clear();
    this.listeners.clear();
  }
}
