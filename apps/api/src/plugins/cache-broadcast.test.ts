import { describe, expect, it } from 'vitest';
import { coalescing } from './cache-broadcast';

/** A `send` whose batches wait until the test lets each one through. */
function heldSends() {
  const batches: string[][] = [];
  const releases: Array<() => void> = [];
  const send = (items: string[]) => {
    batches.push(items);
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  const releaseNext = async () => {
    releases.shift()?.();
    // Lets the batches look at what was told again.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, send, releaseNext };
}

describe('coalescing', () => {
  it('sends what is told while a batch is on its way together in the next batch, each item once', async () => {
    const { batches, send, releaseNext } = heldSends();
    const { tell } = coalescing(send);
    tell(['slots']);
    tell(['services', 'slots']);
    tell(['reviews']);
    expect(batches).toEqual([['slots']]);
    await releaseNext();
    expect(batches).toEqual([['slots'], ['services', 'slots', 'reviews']]);
    tell(['bays']);
    await releaseNext();
    expect(batches).toEqual([['slots'], ['services', 'slots', 'reviews'], ['bays']]);
    await releaseNext();
    expect(batches).toHaveLength(3);
  });

  it('sends what is told after the batches ended at once, and closes once what was told is sent', async () => {
    const { batches, send, releaseNext } = heldSends();
    const { tell, close } = coalescing(send);
    tell(['slots']);
    await releaseNext();
    tell(['services']);
    expect(batches).toEqual([['slots'], ['services']]);
    tell(['reviews']);
    let closed = false;
    const closing = close().then(() => {
      closed = true;
    });
    await releaseNext();
    expect(batches).toEqual([['slots'], ['services'], ['reviews']]);
    expect(closed).toBe(false);
    await releaseNext();
    await closing;
    tell(['bays']);
    expect(batches).toHaveLength(3);
  });
});
