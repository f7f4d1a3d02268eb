import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';

import { AuthApiError } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Refuses bodies over MAX_BODY_BYTES with `respond` (each API has its own error envelope)
 * and closes the connection: the rest of the body is never read, so the connection cannot
 * carry another request.
 */
export function closingBodyLimit(respond: (c: Context) => Response): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => {
      c.header('Connection', 'close');
      return respond(c);
    },
  });
}

/** Thrown when a body is not JSON; each API renders it in its own error envelope. */
export class BadJsonError extends Error {}

/** Parses a JSON body; an empty body counts as `{}`, as Go's decoder sees it in GoTrue. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new BadJsonError((error as Error).message);
  }
}

/**
 * Reads and validates an Auth request body. A body of the wrong shape is what Go's JSON decoder
 * rejects in GoTrue, so it gets the same `bad_json` answer as unparsable text.
 */
export async function readAuthBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await readJson(c);
  } catch (error) {
    if (error instanceof BadJsonError) {
      throw new AuthApiError(400, 'bad_json', `Could not parse request body as JSON: ${error.message}`);
    }
    throw error;
  }
  // Go decodes a JSON null into a field's zero value, so top-level nulls mean "not given".
  const withoutNulls =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null))
      : raw;
  const parsed = schema.safeParse(withoutNulls);
  if (!parsed.success) {
    throw new AuthApiError(400, 'bad_json', `Could not parse request body as JSON: ${parsed.error.issues[0]?.message ?? 'invalid body'}`);
  }
  return parsed.data;
}
