import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type BackgroundTasks = {
  /** Runs work after the answer has gone out; a failure is logged, never thrown at the caller. */
  run: (name: string, task: () => Promise<void>) => void;
  /** Resolves once every task started so far has finished. */
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
      run: (name, task) => {
        const done = task()
          .catch((error: unknown) => app.log.error({ err: error, task: name }, 'background task failed'))
          .finally(() => running.delete(done));
        running.add(done);
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
