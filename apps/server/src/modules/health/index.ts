// The health module's front door.
export {
  type BackupKind,
  type BackupRun,
  lastSuccessfulBackup,
  recentBackupRuns,
  recordBackupRun,
  recordedBackupLabels,
} from './backup-runs';
