import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An Auth (GoTrue) error: HTTP status, machine-readable `error_code`, human message. */
export class AuthApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Extra top-level keys some errors carry, e.g. `weak_password`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** GoTrue's OAuth-style errors, always 400 with `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

/** GoTrue picks the newest API version not after the requested date; only 2024-01-01 exists. */
function wants2024Shape(c: Context): boolean {
  const requested = c.req.header(API_VERSION_HEADER);
  if (requested === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(requested)) return false;
  return requested >= API_VERSION_2024 && !Number.isNaN(Date.parse(requested));
}

/** Renders an Auth error in the envelope auth-js parses (contract §1). */
export function authErrorResponse(c: Context, error: AuthApiError | OAuthError): Response {
  if (error instanceof OAuthError) {
    return c.json({ error: error.error, error_description: error.description }, 400);
  }
  c.header('x-sb-error-code', error.code);
  if (wants2024Shape(c)) {
    c.header(API_VERSION_HEADER, API_VERSION_2024);
    return c.json({ code: error.code, message: error.message, ...error.extra }, error.status);
  }
  const legacy: Record<string, unknown> = { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  if (error.status >= 500) legacy.error_id = crypto.randomUUID();
  return c.json(legacy, error.status);
}

export const unexpectedFailure = (): AuthApiError =>
  new AuthApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
