import path from 'node:path';
import { createS3Storage } from '../lib/object-storage';
import { BackupError } from '../ops/backup-archive';
import { restoreBackup } from '../ops/restore-backup';
import { configuredDatabase, runBackupCommand } from './run-backup-command';

await runBackupCommand(async (config) => {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) throw new BackupError('Usage: npm run restore -- backups/carcare-<time>.tar.gz');
  const manifest = await restoreBackup({
    file: path.resolve(config.invocationDir, file),
    database: configuredDatabase(config),
    dataDir: config.dataDir,
    objectStorage: config.objectStorage && (await createS3Storage(config.objectStorage)),
  });
  const target = manifest.kind === 'pglite' ? config.dataDir : 'the DATABASE_URL database';
  return `Restored the backup of ${manifest.createdAt} into ${target} (${manifest.migrations} migrations, ${manifest.uploads} uploaded files): start the server on it.`;
});
