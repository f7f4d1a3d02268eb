import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Finds server secrets in what a build hands to browsers. A secret lands there when client code
 * reads a server-only variable or a server module is imported into a client component; neither
 * fails the build, so this check runs after it.
 */

export interface Needle {
  /** What the match means, for the report; never the secret itself. */
  label: string;
  value: string;
}

export interface Hit {
  file: string;
  label: string;
}

/** The parts of the build a browser can fetch: client chunks and CSS, and prerendered pages and payloads. */
function publicBuildOutput(distDir: string): { dir: string; matches: (file: string) => boolean }[] {
  return [
    { dir: path.join(distDir, 'static'), matches: () => true },
    { dir: path.join(distDir, 'server', 'app'), matches: (file) => /\.(html|rsc|body)$/.test(file) },
  ];
}

type Env = Record<string, string | undefined>;

/**
 * What must never appear: the variable's name (client code mentioning it means something reads
 * it there), the service-role key and the JWT secret, of the local backend and of the configured
 * project. A JWT's payload segment is searched on its own too, so a key cut in pieces is found.
 */
export function secretNeedles(local: { serviceRoleKey: string; jwtSecret: string }, env: Env): Needle[] {
  const needles: Needle[] = [{ label: 'the name SUPABASE_SERVICE_ROLE_KEY', value: 'SUPABASE_SERVICE_ROLE_KEY' }];
  const addKey = (label: string, key: string | undefined): void => {
    if (key === undefined || key.trim() === '') return;
    needles.push({ label, value: key.trim() });
    const payload = key.trim().split('.')[1];
    if (payload !== undefined && payload.length >= 16) needles.push({ label: `${label} (its payload)`, value: payload });
  };
  addKey("the local backend's service-role key", local.serviceRoleKey);
  addKey("the local backend's JWT secret", local.jwtSecret);
  addKey('the configured SUPABASE_SERVICE_ROLE_KEY', env.SUPABASE_SERVICE_ROLE_KEY);
  addKey('the configured SUPABASE_JWT_SECRET', env.SUPABASE_JWT_SECRET);
  // The same secret configured twice (e.g. the local key in .env) is reported once.
  return needles.filter((needle, index) => needles.findIndex((other) => other.value === needle.value) === index);
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export interface ScanResult {
  filesScanned: number;
  hits: Hit[];
}

/** Scans the public build output under `root` byte for byte (chunks may hold any encoding). */
export async function scanBuild(root: string, needles: readonly Needle[], distDir = '.next'): Promise<ScanResult> {
  const hits: Hit[] = [];
  let filesScanned = 0;
  for (const { dir, matches } of publicBuildOutput(distDir)) {
    for await (const file of filesUnder(path.join(root, dir))) {
      if (!matches(file)) continue;
      filesScanned += 1;
      const content = await readFile(file);
      for (const needle of needles) {
        if (content.includes(needle.value)) hits.push({ file: path.relative(root, file), label: needle.label });
      }
    }
  }
  return { filesScanned, hits };
}
