import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

type BackgroundTasks = {
  /**
   * Runs work once the reply has been sent, so that it never delays or shapes the answer; a failure is
   * logged, never thrown at the caller.
   */
  afterReply: (reply: FastifyReply, name: string, task: () => Promise<void>) => void;
  /** Resolves once every task scheduled so far has finished. */
  settled: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    backgroundTasks: BackgroundTasks;
  }
}

/**
 * Work a request starts but does not wait for, such as sending a mail, so that its answer takes the same
 * time whatever that work turns out to be. Closing the server waits for what is under way.
 */
export const backgroundTasksPlugin = fp(
  async (app: FastifyInstance) => {
    const running = new Set<Promise<void>>();

    const backgroundTasks: BackgroundTasks = {
      afterReply: (reply, name, task) => {
        let start = () => {};
        const started = new Promise<void>((resolve) => {
          start = resolve;
        });
        const done = started
          .then(task)
          .catch((error: unknown) => app.log.error({ err: error, task: name }, 'background task failed'))
          .finally(() => running.delete(done));
        running.add(done);
        // 'close' follows the last byte of the reply, or the client hanging up: the work starts either way.
        reply.raw.once('close', start);
      },
      settled: async () => {
        while (running.size > 0) await Promise.all(running);
      },
    };
    app.decorate('backgroundTasks', backgroundTasks);
    app.addHook('onClose', async () => backgroundTasks.settled());
  },
  { name: 'background-tasks' },
);
