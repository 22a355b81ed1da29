import { type Config, ConfigError, loadConfig } from '../config';
import { keepNewFilesPrivate } from '../lib/private-files';
import { BackupError, type DatabaseTarget } from '../ops/backup-archive';
import { DataDirInUseError } from '../ops/data-dir-lock';

/** The database the server would use with the same environment. */
export const configuredDatabase = (config: Config): DatabaseTarget =>
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite' };

/** Runs an operator command: a refusal or a bad setting is printed as one clear line and exits with 1. */
export async function runBackupCommand(command: (config: Config) => Promise<string>): Promise<void> {
  // Dumps, archives and restored databases hold the secret and password hashes: this account's alone.
  keepNewFilesPrivate();
  try {
    console.log(await command(loadConfig()));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BackupError || error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}
