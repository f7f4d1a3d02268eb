/*
 * glibc's allocator settings for the production server, which it reads only when a process starts.
 *
 * glibc hands out large blocks (above its mmap threshold) straight from the kernel and returns them
 * on free. But the threshold is dynamic: each freed large block raises it to that block's size, up
 * to 32 MB, after which blocks of that size come from the heap arenas, where freed memory stays part
 * of the process. Compressing a response (brotli and gzip keep windows and hash tables of several
 * megabytes per stream) and compiling hot code allocate exactly such blocks, so the server's
 * resident memory kept rising with the number of requests served, with nothing leaking in
 * JavaScript. A fixed threshold keeps those blocks out of the arenas and the memory flat.
 *
 * The variable must be in the environment when the process starts, so `npm start` restarts itself
 * once with it (process.execve: same process id, so signals and process managers see one process).
 * A value the deployer set is kept, and other platforms (whose allocators ignore it) are left alone.
 */
export const MMAP_THRESHOLD_VARIABLE = 'MALLOC_MMAP_THRESHOLD_';

type Env = Record<string, string | undefined>;

/** 64 KiB: large enough that ordinary small and medium allocations stay in the arenas, where they are cheap. */
export const MMAP_THRESHOLD_BYTES = 64 * 1024;

/** The environment to restart with, or null when the process already runs with the setting it needs. */
export function allocatorEnvironment<E extends Env>(env: E, platform: NodeJS.Platform): E | null {
  if (platform !== 'linux' || env[MMAP_THRESHOLD_VARIABLE] !== undefined) return null;
  return { ...env, [MMAP_THRESHOLD_VARIABLE]: String(MMAP_THRESHOLD_BYTES) };
}
