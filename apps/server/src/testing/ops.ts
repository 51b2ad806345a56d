import { spawn } from 'node:child_process';
import { compiledEntry } from './compiled-entry';

export interface OpsRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the operator commands (src/ops/<name>.ts, what `npm run storage:migrate`, `backup`,
 * `restore` and `outbox` start) in its own process with only `env` and the PATH, as an operator's shell
 * would: compiled, as `npm run build` compiles them for a release (testing/compiled-entry.ts).
 */
export async function runOpsCommand(
  name: 'storage-migrate' | 'backup' | 'restore' | 'outbox' | 'record-backup' | 'sync-files' | 'restore-files',
  env: Record<string, string>,
  args: string[] = [],
): Promise<OpsRun> {
  const script = await compiledEntry(`ops/${name}.ts`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', script, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
