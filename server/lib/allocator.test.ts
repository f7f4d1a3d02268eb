import { describe, expect, it } from 'vitest';

import { allocatorEnvironment, MMAP_THRESHOLD_BYTES, MMAP_THRESHOLD_VARIABLE } from './allocator';

describe('allocatorEnvironment', () => {
  it('fixes glibc’s mmap threshold on Linux, keeping the rest of the environment', () => {
    expect(allocatorEnvironment({ PORT: '3000' }, 'linux')).toEqual({
      PORT: '3000',
      [MMAP_THRESHOLD_VARIABLE]: String(MMAP_THRESHOLD_BYTES),
    });
  });

  it('asks for no restart once the setting is there, so the server restarts itself at most once', () => {
    const restarted = allocatorEnvironment({}, 'linux');
    expect(restarted).not.toBeNull();
    expect(allocatorEnvironment(restarted ?? {}, 'linux')).toBeNull();
  });

  it('keeps a threshold the deployer chose', () => {
    expect(allocatorEnvironment({ [MMAP_THRESHOLD_VARIABLE]: '131072' }, 'linux')).toBeNull();
  });

  it('leaves other platforms alone, whose allocators do not read the variable', () => {
    expect(allocatorEnvironment({}, 'darwin')).toBeNull();
    expect(allocatorEnvironment({}, 'win32')).toBeNull();
  });
});
