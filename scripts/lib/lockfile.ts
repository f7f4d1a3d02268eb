/**
 * `npm ci` installs exactly what package-lock.json lists and refuses a lock that does not cover
 * package.json. A lock written on a machine whose registry lacks some platform builds (a mirror
 * without the macOS or Windows binaries, say) silently leaves those optional packages out, and
 * `npm ci` then fails on the platforms that need them. This finds such gaps.
 */

interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

export interface Lockfile {
  packages: Record<string, LockedPackage>;
}

export interface MissingOptional {
  /** The lock key of the package that declares the dependency, e.g. `node_modules/next`. */
  from: string;
  version: string | undefined;
  missing: string[];
}

/** Where Node would find `name` when required from the package at `from` (a lock key). */
function locate(packages: Lockfile['packages'], from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/** Every locked package whose optional dependencies are not all in the lock. */
export function missingOptionalDependencies(lock: Lockfile): MissingOptional[] {
  const gaps: MissingOptional[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    const missing = Object.keys(entry.optionalDependencies ?? {}).filter((name) => locate(lock.packages, key, name) === undefined);
    if (missing.length > 0) gaps.push({ from: key, version: entry.version, missing });
  }
  return gaps;
}
