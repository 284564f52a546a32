/**
 * List edits run one at a time: two edits that each read a list, change it and write it back, started together,
 * both keep their entry (a template that creates two groups, then "Add to View", adds both).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serializer } from '../../src/core/settings/serialized';

/** One turn of the event loop: what an asynchronous file read or write gives other work (no clock involved). */
const io = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A stored list read and written asynchronously, as a settings file is. */
function store() {
  let list: string[] = [];
  return {
    read: async () => {
      await io();
      return [...list];
    },
    write: async (next: string[]) => {
      await io();
      list = next;
    },
    get list() {
      return list;
    },
  };
}

test('read-modify-write edits started together keep every entry, in the order given', async () => {
  const s = store();
  const oneAtATime = serializer();
  const append = (entry: string) =>
    oneAtATime(async () => {
      const list = await s.read();
      await s.write([...list, entry]);
      return list.length;
    });
  const places = await Promise.all(['a', 'b', 'c'].map(append));
  assert.deepEqual(s.list, ['a', 'b', 'c']);
  assert.deepEqual(places, [0, 1, 2]);
});

test('a failed edit reports its error and does not stop the ones after it', async () => {
  const oneAtATime = serializer();
  const order: string[] = [];
  const failed = oneAtATime(async () => {
    await io();
    order.push('first');
    throw new Error('write refused');
  });
  const next = oneAtATime(async () => {
    order.push('second');
    return 'ok';
  });
  await assert.rejects(failed, /write refused/);
  assert.equal(await next, 'ok');
  assert.deepEqual(order, ['first', 'second']);
});
