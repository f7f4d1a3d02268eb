import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';

import { describe, expect, it } from 'vitest';

import { stopGroup } from './process-group';

/**
 * A group of a shell and two children, once all three run; with `trap '' TERM` every one of them
 * ignores SIGTERM (the children inherit it).
 */
async function startGroup(ignoreTerm: boolean): Promise<number> {
  const script = `${ignoreTerm ? "trap '' TERM; " : ''}sleep 30 & sleep 30 & echo ready; wait`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  await once(child.stdout, 'data');
  if (child.pid === undefined) throw new Error('sh did not start');
  return child.pid;
}

/**
 * The processes of a group that still run. Zombies do not count: an orphan's exit is collected by
 * init, which in some containers never does it.
 */
function running(group: number): number {
  const table = execFileSync('ps', ['-e', '-o', 'pgid=,stat='], { encoding: 'utf8' });
  return table
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pgid, stat]) => pgid === String(group) && stat !== undefined && !stat.startsWith('Z')).length;
}

describe('stopGroup', () => {
  it('stops every process of the group, not only its leader, and returns once they are gone', async () => {
    const leader = await startGroup(false);
    expect(running(leader)).toBe(3);
    await stopGroup(leader);
    expect(running(leader)).toBe(0);
  });

  it('kills a group that ignores SIGTERM once the grace period is over', async () => {
    const leader = await startGroup(true);
    const started = Date.now();
    await stopGroup(leader, 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await expect.poll(() => running(leader)).toBe(0);
  });

  it('does nothing for a group that never was', async () => {
    await expect(stopGroup(undefined)).resolves.toBeUndefined();
  });
});
