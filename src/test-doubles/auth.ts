/*
 * In-memory stand-ins for unit tests of the auth actions and route handlers: the request
 * (headers and cookies, as next/headers gives them) and the Postgres rate limiter behind
 * the admin client, with the same rules as public.consume_rate_limit. Test files mock
 * `next/headers` with `headersModule` and `@/lib/supabase/admin` with `adminModule`, so
 * the real src/lib/rate-limit.ts and src/lib/auth/throttle.ts run against them.
 */

type Hit = { bucket: string; at: number };

export const limiter = {
  hits: [] as Hit[],
  /** Refusals recorded by site-wide caps (public.record_site_cap_trip). */
  trips: [] as { cap: string; max_hits: number; window_seconds: number }[],
  /** When set, every call fails as an unreachable database would. */
  broken: false,
};

function recent(bucket: string, windowSeconds: number): Hit[] {
  const since = Date.now() - windowSeconds * 1000;
  return limiter.hits.filter((hit) => hit.bucket === bucket && hit.at >= since);
}

const brokenAnswer = { data: null, error: { message: 'connect ECONNREFUSED' } };

class HitsQuery implements PromiseLike<{ data: { hit_at: string }[] | null; error: { message: string } | null }> {
  private bucket = '';
  private since = 0;
  private max = Number.POSITIVE_INFINITY;

  eq(column: string, value: string) {
    if (column === 'bucket') this.bucket = value;
    return this;
  }

  gte(column: string, value: string) {
    if (column === 'hit_at') this.since = Date.parse(value);
    return this;
  }

  limit(count: number) {
    this.max = count;
    return this;
  }

  retry() {
    return this;
  }

  abortSignal() {
    return this;
  }

  then<A, B>(
    onFulfilled?: ((value: { data: { hit_at: string }[] | null; error: { message: string } | null }) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B> {
    const rows = limiter.hits
      .filter((hit) => hit.bucket === this.bucket && hit.at >= this.since)
      .slice(0, this.max)
      .map((hit) => ({ hit_at: new Date(hit.at).toISOString() }));
    return Promise.resolve(limiter.broken ? brokenAnswer : { data: rows, error: null }).then(onFulfilled, onRejected);
  }
}

type RpcArgs = { bucket: string; max_hits: number; window_seconds: number } | { cap: string; max_hits: number; window_seconds: number };

function consume(name: string, args: RpcArgs) {
  if (limiter.broken) return brokenAnswer;
  if (name === 'record_site_cap_trip' && 'cap' in args) {
    limiter.trips.push(args);
    return { data: null, error: null };
  }
  if (name !== 'consume_rate_limit' || !('bucket' in args)) return brokenAnswer;
  if (recent(args.bucket, args.window_seconds).length >= args.max_hits) return { data: false, error: null };
  limiter.hits.push({ bucket: args.bucket, at: Date.now() });
  return { data: true, error: null };
}

export const adminModule = {
  createAdminClient: () => ({
    rpc(name: string, args: RpcArgs) {
      const answer = Promise.resolve().then(() => consume(name, args));
      return { abortSignal: () => answer };
    },
    from(table: string) {
      // Drafts are not kept here: a stored draft fails as an unreachable table would, so callers seal it instead.
      if (table === 'application_drafts') return { insert: () => ({ select: () => ({ single: () => Promise.resolve(brokenAnswer) }) }) };
      if (table !== 'rate_limit_hits') throw new Error(`unexpected table ${table}`);
      return { select: () => new HitsQuery() };
    },
  }),
};

export const request = {
  headers: new Headers(),
  cookies: new Map<string, string>(),
};

export const headersModule = {
  headers: async () => request.headers,
  cookies: async () => ({
    get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name) ?? '' } : undefined),
    getAll: () => [...request.cookies].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string) => {
      request.cookies.set(name, value);
    },
  }),
};

/** A request from `address`, as the one trusted proxy of the tests reports it. */
export function fromAddress(address: string, cookies: Map<string, string> = new Map()) {
  request.headers = new Headers({ 'x-forwarded-for': `198.51.100.250, ${address}` });
  request.cookies = cookies;
}

export function resetFakes() {
  limiter.hits = [];
  limiter.trips = [];
  limiter.broken = false;
  request.headers = new Headers();
  request.cookies = new Map();
}

/** The environment the tests run under: a local backend, one trusted proxy. */
export const testEnv = {
  NEXT_PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321',
  NEXT_PUBLIC_SUPABASE_ANON_KEY: 'anon-key',
  RATE_LIMIT_SECRET: 'a-test-secret-that-is-long-enough-for-the-check',
  TRUSTED_PROXY_COUNT: '1',
} as const;

/** What `redirect()` from next/navigation throws in the tests. */
export class RedirectSignal extends Error {
  constructor(readonly url: string) {
    super(`redirect to ${url}`);
  }
}

export const navigationModule = {
  redirect: (url: string): never => {
    throw new RedirectSignal(url);
  },
};

/** The redirect target of a call that should redirect. */
export async function redirectOf(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
  } catch (error) {
    if (error instanceof RedirectSignal) return error.url;
    throw error;
  }
  throw new Error('expected a redirect');
}
