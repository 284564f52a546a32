/**
 * One-at-a-time runs of read-modify-write tasks. Two edits of a list that each read the list, change it and
 * write it back would otherwise both read the same list, and the last write would drop the other's entry.
 */
export type Serializer = <T>(task: () => Promise<T>) => Promise<T>;

/** A serializer: each task starts when every task given before it has settled (failed ones included). */
export function serializer(): Serializer {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
