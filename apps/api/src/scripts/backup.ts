import { createBackup } from '../ops/create-backup';
import { configuredDatabase, runBackupCommand } from './run-backup-command';

await runBackupCommand(async (config) => {
  const { file, manifest } = await createBackup({
    database: configuredDatabase(config),
    dataDir: config.dataDir,
    backupDir: config.backupDir,
  });
  return `Backup written to ${file} (${manifest.kind}, ${manifest.migrations} migrations, ${manifest.uploads} uploaded files)`;
});
