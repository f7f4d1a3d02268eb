/**
 * What `npm run dev|build|start` does, decided from the command, its arguments and the
 * environment alone, so the rules are testable without starting anything.
 *
 * - A Supabase project is configured (`NEXT_PUBLIC_SUPABASE_URL` set): Next.js alone, with the
 *   arguments as given. The embedded backend is never loaded.
 * - No project, `dev`: Next.js with the embedded backend beside it.
 * - No project, `build`: a build that points at the embedded backend's default address.
 * - No project, `start`: a local preview. The site and the embedded backend listen on 127.0.0.1
 *   only, because the demo accounts and the backend's keys are published in this repository.
 */
export const COMMANDS = ['dev', 'build', 'start'] as const;
export type Command = (typeof COMMANDS)[number];

/** How the embedded backend runs, which decides what the banner says and what it prints. */
export type LocalMode = 'dev' | 'build' | 'preview';

export type LaunchPlan = { backend: 'project'; nextArgs: string[] } | { backend: 'local'; mode: LocalMode; nextArgs: string[] };

export class LaunchError extends Error {}

type Env = Record<string, string | undefined>;

export const PREVIEW_HOST = '127.0.0.1';

export function isCommand(value: string | undefined): value is Command {
  return (COMMANDS as readonly (string | undefined)[]).includes(value);
}

export function projectConfigured(env: Env): boolean {
  const url = env.NEXT_PUBLIC_SUPABASE_URL;
  return url !== undefined && url.trim() !== '';
}

/** The values given with `-H`/`--hostname` (either `-H x` or `--hostname=x`). */
function hostnames(args: readonly string[]): string[] {
  const found: string[] = [];
  args.forEach((arg, index) => {
    if (arg === '-H' || arg === '--hostname') found.push(args[index + 1] ?? '');
    else if (arg.startsWith('--hostname=')) found.push(arg.slice('--hostname='.length));
    else if (arg.startsWith('-H=')) found.push(arg.slice('-H='.length));
  });
  return found;
}

/**
 * `next start` arguments for the preview: bound to 127.0.0.1. Another address is refused rather
 * than quietly replaced, so nobody believes the preview is reachable where they asked.
 */
export function previewArgs(args: readonly string[]): string[] {
  const asked = hostnames(args);
  const elsewhere = asked.find((host) => host !== PREVIEW_HOST);
  if (elsewhere !== undefined) {
    throw new LaunchError(
      `The local preview listens on ${PREVIEW_HOST} only (it runs the demo backend, whose accounts and keys are public); ` +
        `got hostname "${elsewhere}". Configure a Supabase project (NEXT_PUBLIC_SUPABASE_URL and its keys) to serve the site elsewhere.`,
    );
  }
  return asked.length > 0 ? [...args] : [...args, '--hostname', PREVIEW_HOST];
}

export function planLaunch(command: Command, args: readonly string[], env: Env): LaunchPlan {
  if (projectConfigured(env)) return { backend: 'project', nextArgs: [...args] };
  if (command === 'start') return { backend: 'local', mode: 'preview', nextArgs: previewArgs(args) };
  return { backend: 'local', mode: command, nextArgs: [...args] };
}
