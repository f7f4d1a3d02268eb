import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error in PostgREST's body shape `{code, details, hint, message}`. */
export class PostgrestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

interface DatabaseErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  return (
    error instanceof Error &&
    typeof (error as DatabaseErrorLike).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as DatabaseErrorLike).code ?? '')
  );
}

/** PostgREST's SQLSTATE → HTTP table (docs: "Errors / SQLSTATE"), for the classes that occur here. */
function statusFor(code: string, anonymous: boolean): ContentfulStatusCode {
  if (code === '42501') return anonymous ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42P17') return 500;
  const prefix = code.slice(0, 2);
  if (prefix === '08' || prefix === '53') return 503;
  if (prefix === '28' || prefix === '0L' || prefix === '0P') return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(prefix)) return 500;
  return 400;
}

/** Turns a Postgres error into PostgREST's answer; anything else is re-thrown as unexpected. */
export function fromDatabaseError(error: unknown, anonymous: boolean): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (!isDatabaseError(error) || error.code === undefined) throw error;
  return new PostgrestError(statusFor(error.code, anonymous), error.code, error.message, error.detail ?? null, error.hint ?? null);
}
