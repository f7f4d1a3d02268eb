/**
 * Stopping a server started as the leader of its own process group (spawn with `detached: true`):
 * `npm start` spawns tsx, which spawns next-server and possibly the local backend, and killing only
 * npm would leave those holding the port. Our own, because execa and tree-kill stop one process or
 * walk its children with `ps`, and neither waits until a whole group is gone.
 */

/** Sends `signal` to the group `leader` leads (0 only asks whether it still exists); false when it is gone. */
export function signalGroup(leader: number | undefined, signal: NodeJS.Signals | 0): boolean {
  if (leader === undefined) return false;
  try {
    process.kill(-leader, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM, then waits for every process of the group to exit (npm exits at once while next-server
 * shuts down gracefully and can linger), and SIGKILLs what is left after `graceMs`.
 */
export async function stopGroup(leader: number | undefined, graceMs = 5_000): Promise<void> {
  if (!signalGroup(leader, 'SIGTERM')) return;
  const deadline = Date.now() + graceMs;
  while (signalGroup(leader, 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  signalGroup(leader, 'SIGKILL');
}
