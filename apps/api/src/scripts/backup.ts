import { createS3Storage } from '../lib/object-storage';
import { createBackup } from '../ops/create-backup';
import { configuredDatabase, runBackupCommand } from './run-backup-command';

await runBackupCommand(async (config) => {
  const { file, manifest } = await createBackup({
    database: configuredDatabase(config),
    dataDir: config.dataDir,
    backupDir: config.backupDir,
    objectStorage: config.objectStorage && (await createS3Storage(config.objectStorage)),
  });
  const stored =
    manifest.storedImages + manifest.storedImagesMissing > 0
      ? `, ${manifest.storedImages} images from the image storage`
      : '';
  const missing =
    manifest.storedImagesMissing > 0
      ? `. ${manifest.storedImagesMissing} images named by rows were not in the image storage and are not in the backup`
      : '';
  return `Backup written to ${file} (${manifest.kind}, ${manifest.migrations} migrations, ${manifest.uploads} uploaded files${stored})${missing}`;
});
