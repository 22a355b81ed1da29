import { describe, expect, it } from 'vitest';
import { onePerHandle } from './one-per-handle';

describe('onePerHandle', () => {
  it('makes one thing for each handle, the first time it is asked for, and gives it again after', () => {
    const madeFor: string[] = [];
    const counterOf = onePerHandle((handle: { name: string }) => {
      madeFor.push(handle.name);
      return { count: 0 };
    });
    const first = { name: 'first' };
    const second = { name: 'second' };

    counterOf(first).count += 1;
    counterOf(first).count += 1;
    counterOf(second).count += 1;

    expect(madeFor).toEqual(['first', 'second']);
    expect(counterOf(first)).toEqual({ count: 2 });
    expect(counterOf(second)).toEqual({ count: 1 });
    expect(madeFor).toEqual(['first', 'second']);
  });
});
