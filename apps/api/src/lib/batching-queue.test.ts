import { describe, expect, it } from 'vitest';
import { batchingQueue } from './batching-queue';

/** A call the test ends when it chooses: what it was sent, and how to answer or fail it. */
type Call = { sent: string[]; answer: () => void; fail: (error: Error) => void };

/**
 * A queue whose database is the test: every call it makes is recorded, and stays under way until the test ends
 * it. A single call answers `<attempt>!`; a batch answers each attempt so, except an attempt named `refused`,
 * which it answers with an error of its own.
 */
function recordedQueue(callsAtOnce: number, largestBatch: number) {
  const calls: Call[] = [];
  const enqueue = batchingQueue<string, string>({
    callsAtOnce,
    largestBatch,
    single: (attempt) =>
      new Promise((resolve, reject) => {
        calls.push({ sent: [attempt], answer: () => resolve(`${attempt}!`), fail: reject });
      }),
    batch: (attempts) =>
      new Promise((resolve, reject) => {
        calls.push({
          sent: attempts,
          answer: () =>
            resolve(
              attempts.map((attempt) =>
                attempt === 'refused' ? { error: new Error(`${attempt} by the database`) } : { answer: `${attempt}!` },
              ),
            ),
          fail: reject,
        });
      }),
  });
  return { calls, enqueue };
}

/** Lets the promises settled so far run their callbacks. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the queue of booking attempts', () => {
  it('sends each attempt in a call of its own while fewer calls than its limit are under way', async () => {
    const { calls, enqueue } = recordedQueue(2, 25);
    const first = enqueue('a');
    const second = enqueue('b');
    expect(calls.map((call) => call.sent)).toEqual([['a'], ['b']]);
    calls[0]?.answer();
    calls[1]?.answer();
    expect(await Promise.all([first, second])).toEqual(['a!', 'b!']);
    const third = enqueue('c');
    expect(calls.map((call) => call.sent)).toEqual([['a'], ['b'], ['c']]);
    calls[2]?.answer();
    expect(await third).toBe('c!');
  });

  it('queues the attempts past its limit and sends them together when a call ends, as many as a batch takes', async () => {
    const { calls, enqueue } = recordedQueue(2, 3);
    const answers = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((attempt) => enqueue(attempt));
    expect(calls.map((call) => call.sent)).toEqual([['a'], ['b']]);

    calls[0]?.answer();
    await settled();
    expect(calls.map((call) => call.sent)).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
    calls[1]?.answer();
    await settled();
    expect(calls.map((call) => call.sent)).toEqual([['a'], ['b'], ['c', 'd', 'e'], ['f', 'g']]);
    calls[2]?.answer();
    calls[3]?.answer();
    expect(await Promise.all(answers)).toEqual(['a!', 'b!', 'c!', 'd!', 'e!', 'f!', 'g!']);
  });

  it('answers each attempt of a batch with its own answer or its own error, and the others stand', async () => {
    const { calls, enqueue } = recordedQueue(1, 25);
    const first = enqueue('a');
    const queued = ['b', 'refused', 'c'].map((attempt) => enqueue(attempt).catch((error: Error) => error.message));
    calls[0]?.answer();
    await settled();
    expect(calls[1]?.sent).toEqual(['b', 'refused', 'c']);
    calls[1]?.answer();
    expect(await first).toBe('a!');
    expect(await Promise.all(queued)).toEqual(['b!', 'refused by the database', 'c!']);
  });

  it('fails every attempt of a call that fails, and goes on with those queued after it', async () => {
    const { calls, enqueue } = recordedQueue(1, 2);
    const first = enqueue('a').catch((error: Error) => error.message);
    const batched = ['b', 'c'].map((attempt) => enqueue(attempt).catch((error: Error) => error.message));
    const last = enqueue('d');
    calls[0]?.fail(new Error('the connection was lost'));
    await settled();
    expect(calls[1]?.sent).toEqual(['b', 'c']);
    calls[1]?.fail(new Error('the statement timed out'));
    await settled();
    expect(calls[2]?.sent).toEqual(['d']);
    calls[2]?.answer();
    expect(await first).toBe('the connection was lost');
    expect(await Promise.all(batched)).toEqual(['the statement timed out', 'the statement timed out']);
    expect(await last).toBe('d!');
  });
});
