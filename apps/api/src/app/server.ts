import { mkdirSync } from 'node:fs';
import v8 from 'node:v8';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { keepNewFilesPrivate, PRIVATE_DIR_MODE, restrictToOwner } from '../lib/private-files';
import { DataDirInUseError, lockDataDir } from '../ops/data-dir-lock';
import { buildApp } from './app';
import { seedOnFirstStart } from './first-start-seed';
import { keepDataPrivate } from './keep-data-private';

async function main() {
  // Everything the server writes (the embedded database, mails, secrets) is for its own account only.
  keepNewFilesPrivate();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // V8 reads its heap growing factor at each full collection: bounded, a burst's garbage is collected before it
  // piles up to several times what the server keeps (decision 050).
  v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);

  // Loading the configuration only reads it: the server makes its data directory, the home of the embedded
  // database, the outbox and the secrets, which only the server's account may read (decision 026).
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });

  // An install from before that rule has readable files: take them back before anything else is written.
  keepDataPrivate(config, console.warn);

  // The embedded database takes one process at a time: a second server, a backup or a restore waits its turn.
  let releaseDataDir: (() => void) | undefined;
  if (!config.databaseUrl) {
    try {
      releaseDataDir = lockDataDir(config.dataDir, 'the server');
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();
  // PGlite writes a new database's files readable by all whatever the umask: take them back too (the
  // directories around them already keep others out). Anything another account owns was named above.
  restrictToOwner(config.dataDir);
  const production = config.env === 'production';
  const app = await buildApp({
    config,
    database,
    // Production logs JSON records for machines; development a short line per request for the person watching.
    logger: production
      ? { level: config.logLevel }
      : { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname,reqId' } } },
    requestLog: production ? 'full' : 'short',
    afterClose: async () => {
      await database.close();
      restrictToOwner(config.dataDir);
      releaseDataDir?.();
    },
  });
  const firstStart = await seedOnFirstStart(database.db, config);
  // A demo shop comes with its hours and a holiday: this instance, and any other that started with it, read
  // the settings before they were there.
  if (firstStart) await app.shopChanged();

  // On SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database; give up after 10 s.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received, shutting down`);
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${app.shop.current().settings.businessName} is ready at ${config.publicUrl} (database: ${database.kind})`,
  );
  // Last, where it is seen: the accounts to sign in with, never buried under the build's or requests' output.
  if (firstStart) app.log.info(firstStart);
}

await main();
