// The health module's front door.
export {
  type BackupKind,
  type BackupRun,
  lastSuccessfulBackup,
  recentBackupRuns,
  recordBackupRun,
  recordedBackupLabels,
  type WalArchiveStatus,
  walArchiveStatus,
} from './backup-runs';
export {
  INSTANCE_GONE_MS,
  INSTANCE_HEARTBEAT_MS,
  type InstanceStatus,
  listSeenInstances,
  registerInstanceHeartbeat,
  type SeenInstance,
} from './instance-heartbeat';
