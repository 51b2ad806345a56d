// The health module's front door.
export {
  type BackupKind,
  type BackupRun,
  lastSuccessfulBackup,
  recentBackupRuns,
  recordBackupRun,
} from './backup-runs';
