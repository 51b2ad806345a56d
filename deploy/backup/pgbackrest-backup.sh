#!/bin/sh
# fanline-backup-full.service and fanline-backup-diff.service: one pgBackRest base backup of the
# stanza `fanline`, then its record in backup_runs (`npm run backup:record`), which the backup-age metric, its alert and
# Admin › System read (issue 40, docs/operations.md §6). A failed backup is recorded as failed, with
# the tool's last lines, and the unit fails so systemd shows it.
set -u
type="${1:?usage: pgbackrest-backup.sh <full|diff|incr>}"
here=$(cd "$(dirname "$0")/../.." && pwd)   # the release folder (/opt/fanline/current)
node="${FANLINE_NODE:-/opt/fanline/node/bin/node}"
cd "$here" || exit 1
output=$(pgbackrest --stanza=fanline --type="$type" backup 2>&1)
code=$?
if [ "$code" -eq 0 ]; then
  [ -n "$output" ] && printf '%s\n' "$output"
  exec "$node" scripts/ops.mjs record-backup
fi
printf '%s\n' "$output" >&2
"$node" scripts/ops.mjs record-backup --failed "$type" "$(printf '%s' "$output" | tail -n 5)"
exit "$code"
