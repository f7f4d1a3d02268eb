import { classify, type Cause } from './cause';
import type { FuzzRequest } from './envelope';
import { ACTION_KINDS, ROUTE_KINDS, type Context, type Family, type Kind } from './kinds';
import { Random } from './random';
import type { Sent } from './send';
import type { LogLine } from './server';
import type { Target } from './targets';

export interface FiveHundred {
  index: number;
  kind: string;
  family: Family;
  status: number;
  cause?: Cause | 'not reproduced' | 'not replayed';
  /** True when the cause is taken from replays of other requests of the same kind (all with one owner). */
  inferred?: boolean;
}

export interface TargetResult {
  name: string;
  type: Target['type'];
  planned: number;
  sent: number;
  /** Status code (or `none` when no answer came) → count. */
  statuses: Record<string, number>;
  fiveHundreds: FiveHundred[];
  /** Requests the client could not put on the wire or that got no answer, with the reason. */
  noAnswer: Record<string, number>;
  seconds: number;
}

export interface RunOptions {
  perTarget: number;
  concurrency: number;
  seed: number;
  deadline: number;
  origin: string;
  cookies: { anonymous: string | undefined; client: string | undefined };
  send(request: FuzzRequest): Promise<Sent>;
  onProgress(line: string): void;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Request `index` of a target, the same on every run with the same seed (replays rebuild it from the index). */
export function buildRequest(
  target: Target,
  index: number,
  options: Pick<RunOptions, 'seed' | 'origin' | 'cookies'>,
): { request: FuzzRequest; kind: Kind<never> } {
  const rng = new Random(hash(`${options.seed}:${target.name}:${index}`));
  const cookie = target.type === 'action' && target.session === 'client' ? options.cookies.client : options.cookies.anonymous;
  const context: Context = { rng, origin: options.origin, cookie };
  if (target.type === 'action') {
    const kind = ACTION_KINDS[index % ACTION_KINDS.length] as Kind<typeof target>;
    return { request: kind.make(target, context), kind: kind as Kind<never> };
  }
  const kind = ROUTE_KINDS[index % ROUTE_KINDS.length] as Kind<typeof target>;
  return { request: kind.make(target, context), kind: kind as Kind<never> };
}

export async function fuzzTarget(target: Target, options: RunOptions): Promise<TargetResult> {
  const started = performance.now();
  const result: TargetResult = {
    name: target.name,
    type: target.type,
    planned: options.perTarget,
    sent: 0,
    statuses: {},
    fiveHundreds: [],
    noAnswer: {},
    seconds: 0,
  };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < options.perTarget && Date.now() < options.deadline) {
      const index = next;
      next += 1;
      let built: ReturnType<typeof buildRequest>;
      try {
        built = buildRequest(target, index, options);
      } catch (error) {
        // A kind that cannot build this variant is a bench bug: count it, never stop the run.
        const reason = `building request ${index}: ${error instanceof Error ? error.message : String(error)}`;
        result.noAnswer[reason] = (result.noAnswer[reason] ?? 0) + 1;
        continue;
      }
      const { request, kind } = built;
      const sent = await options.send(request);
      result.sent += 1;
      const key = sent.status === null ? 'none' : String(sent.status);
      result.statuses[key] = (result.statuses[key] ?? 0) + 1;
      if (sent.status === null) {
        const reason = `${kind.name}: ${(sent.error ?? 'no answer').slice(0, 120)}`;
        result.noAnswer[reason] = (result.noAnswer[reason] ?? 0) + 1;
      } else if (sent.status >= 500) {
        result.fiveHundreds.push({ index, kind: kind.name, family: kind.family, status: sent.status });
      }
      if (result.sent % 500 === 0) options.onProgress(`${target.name}: ${result.sent}/${options.perTarget}`);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** How long after the answer the log may still be receiving the request's error. */
const LOG_SETTLE_MS = 150;
/** How often a 5xx is sent again when its cause does not show in the log. */
const REPLAY_ATTEMPTS = 2;

/**
 * Sends 5xx requests again, alone, and reads what the server logged meanwhile: up to
 * `perKind` of each kind per target, spread over the run. A kind's other 5xx take the owner of
 * its replays when they all agree (marked inferred), else they stay "not replayed".
 */
export async function findCauses(
  targets: readonly Target[],
  results: readonly TargetResult[],
  log: readonly LogLine[] | undefined,
  options: Pick<RunOptions, 'seed' | 'origin' | 'cookies' | 'send'> & { perKind: number; deadline: number },
): Promise<number> {
  let replays = 0;
  for (const [i, result] of results.entries()) {
    const target = targets[i];
    if (target === undefined) continue;
    const byKind = new Map<string, FiveHundred[]>();
    for (const fiveHundred of result.fiveHundreds) byKind.set(fiveHundred.kind, [...(byKind.get(fiveHundred.kind) ?? []), fiveHundred]);
    for (const group of byKind.values()) {
      const step = Math.max(1, Math.floor(group.length / options.perKind));
      const chosen = group.filter((_, index) => index % step === 0).slice(0, options.perKind);
      for (const fiveHundred of chosen) {
        if (log === undefined || Date.now() > options.deadline) break;
        const { request } = buildRequest(target, fiveHundred.index, options);
        // A busy server can print the error well after the answer: wait a second more, then send
        // the request once more before calling its cause unknown.
        for (let attempt = 1; attempt <= REPLAY_ATTEMPTS; attempt++) {
          replays += 1;
          const mark = log.length;
          const sent = await options.send(request);
          await new Promise((resolve) => setTimeout(resolve, LOG_SETTLE_MS));
          let cause = classify(log.slice(mark).map((line) => line.text));
          if (cause.where === '' && cause.owner === 'unknown') {
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            cause = classify(log.slice(mark).map((line) => line.text));
          }
          fiveHundred.cause = sent.status !== null && sent.status >= 500 ? cause : 'not reproduced';
          if (typeof fiveHundred.cause === 'object' && fiveHundred.cause.owner !== 'unknown') break;
        }
      }
      const owners = new Set(chosen.map((f) => (typeof f.cause === 'object' ? f.cause.owner : 'unknown')));
      const [only] = owners;
      const sample = chosen.find((f) => typeof f.cause === 'object')?.cause;
      for (const fiveHundred of group) {
        if (fiveHundred.cause !== undefined) continue;
        if (owners.size === 1 && only !== 'unknown' && typeof sample === 'object') {
          fiveHundred.cause = sample;
          fiveHundred.inferred = true;
        } else {
          fiveHundred.cause = 'not replayed';
        }
      }
    }
  }
  return replays;
}
