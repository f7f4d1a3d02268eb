import { spawn } from 'node:child_process';

/**
 * Runs a command to its end, its output on stderr so stdout stays the report; throws on a non-zero
 * exit. Not spawnSync: the bench may already serve the embedded backend from its own process, and a
 * build (the baseline's, say) that finds that port taken reads its content from there, which a
 * blocked event loop would never answer.
 */
export function runCommand(cwd: string, command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  const child = spawn(command, args, { cwd, stdio: ['ignore', process.stderr, process.stderr], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} in ${cwd} failed (exit ${String(code)})`));
    });
  });
}
