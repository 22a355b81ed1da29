import type { Config } from '../config';
import { restrictToOwner } from '../lib/private-files';
import { keepBackupsPrivate } from '../ops/backup-archive';

/**
 * Takes DATA_DIR and the archives of BACKUP_DIR back to the server's account (directories 0700, files 0600),
 * for an install from before this rule (decision 026). Files another account owns cannot be changed; `warn`
 * is told about them.
 */
export function keepDataPrivate(config: Pick<Config, 'dataDir' | 'backupDir'>, warn: (message: string) => void) {
  const othersFiles = [...restrictToOwner(config.dataDir), ...keepBackupsPrivate(config.backupDir)];
  if (othersFiles.length === 0) return;
  const more = othersFiles.length > 3 ? ` and ${othersFiles.length - 3} more` : '';
  warn(
    `${othersFiles.slice(0, 3).join(', ')}${more} belong to another account and may stay readable by others: ` +
      'give them to the account the server runs as (chown).',
  );
}
