import type { ChildProcess } from 'node:child_process';

/**
 * Waits for a child that runs in the foreground (Next, the production server), handing it the
 * SIGINT and SIGTERM this process gets. Resolves with its exit code: 128 plus the signal's number
 * when a signal ended it, as a shell reports it, or 1 when it could not start.
 */
export function foregroundChild(child: ChildProcess, what: string): Promise<number> {
  const forward = (signal: NodeJS.Signals) => () => {
    child.kill(signal);
  };
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  return new Promise<number>((resolve) => {
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal === null ? 1 : 128 + (signal === 'SIGINT' ? 2 : 15))));
    child.once('error', (error) => {
      console.error(`Could not start ${what}: ${error.message}`);
      resolve(1);
    });
  });
}
