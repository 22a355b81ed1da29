/**
 * How an instance sends like writes and reads to the database (decisions 058, 059 and 061): each in a call of its
 * own while fewer than `callsAtOnce` calls are under way; past that, queued, and sent together, up to `largestBatch`
 * in one call, as soon as a call ends. A rush's writes then share calls and commits, and its signed-in requests'
 * reads share statements, while a shop's ordinary day, one at a time, goes as it always went. Its booking attempts,
 * its checkouts' records, and the users and sessions signed-in requests name each have a queue of their own.
 */
export type BatchingQueueOptions<Attempt, Answer> = {
  callsAtOnce: number;
  largestBatch: number;
  /** Makes one attempt in a call of its own. */
  single: (attempt: Attempt) => Promise<Answer>;
  /**
   * Makes several in one call: an answer or an error for each, in their order. A rejection fails them all, as a
   * call of one would fail.
   */
  batch: (attempts: Attempt[]) => Promise<Array<{ answer: Answer } | { error: Error }>>;
};

type Queued<Attempt, Answer> = {
  attempt: Attempt;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
};

export function batchingQueue<Attempt, Answer>(
  options: BatchingQueueOptions<Attempt, Answer>,
): (attempt: Attempt) => Promise<Answer> {
  const { callsAtOnce, largestBatch, single, batch } = options;
  const waiting: Array<Queued<Attempt, Answer>> = [];
  let underWay = 0;

  const settle = (queued: Queued<Attempt, Answer>, made: Promise<Answer>) => made.then(queued.resolve, queued.reject);

  const send = (taken: Array<Queued<Attempt, Answer>>): Promise<unknown> => {
    const [first] = taken;
    if (taken.length === 1 && first) return settle(first, single(first.attempt));
    return batch(taken.map((queued) => queued.attempt)).then(
      (results) => {
        taken.forEach((queued, index) => {
          const result = results[index];
          if (!result) queued.reject(new Error('the batch answered fewer attempts than it was sent'));
          else if ('error' in result) queued.reject(result.error);
          else queued.resolve(result.answer);
        });
      },
      (error: unknown) => {
        for (const queued of taken) queued.reject(error);
      },
    );
  };

  const next = () => {
    while (underWay < callsAtOnce && waiting.length > 0) {
      const taken = waiting.splice(0, largestBatch);
      underWay++;
      void send(taken).finally(() => {
        underWay--;
        next();
      });
    }
  };

  return (attempt) =>
    new Promise<Answer>((resolve, reject) => {
      waiting.push({ attempt, resolve, reject });
      next();
    });
}

/** The most reads of one kind that go in one statement. */
const LARGEST_READ = 50;

/**
 * Reads of a row by its key, sent as a queue sends them (decision 061): each by `single` while no read is under way;
 * past that, queued, and read together by `many`, which answers what it found by key. A key it did not find (or
 * found as nothing) is answered `missing`, as `single` answers it. One read under way at a time: a burst of them
 * holds one connection.
 */
export function readsByKey<Answer>(options: {
  single: (key: string) => Promise<Answer>;
  many: (keys: string[]) => Promise<ReadonlyMap<string, Answer>>;
  missing: Answer;
}): (key: string) => Promise<Answer> {
  const { single, many, missing } = options;
  return batchingQueue<string, Answer>({
    callsAtOnce: 1,
    largestBatch: LARGEST_READ,
    single,
    batch: async (keys) => {
      const found = await many(keys);
      return keys.map((key) => ({ answer: found.get(key) ?? missing }));
    },
  });
}
