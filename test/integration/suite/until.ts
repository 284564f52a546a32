import * as assert from 'assert';

/**
 * Polls what VS Code, the tree or a follower settle asynchronously until `get` gives a truthy value, and returns
 * it; fails naming `what` after `timeoutMs`.
 */
export async function until<T>(get: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (value) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
