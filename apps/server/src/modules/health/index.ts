// The health module's front door.
export {
  type BackupKind,
  type BackupRun,
  lastSuccessfulBackup,
  recentBackupRuns,
  recordBackupRun,
  type WalArchiveStatus,
  walArchiveStatus,
} from './backup-runs';
