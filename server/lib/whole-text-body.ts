import type { ServerResponse } from 'node:http';

type End = ServerResponse['end'];
type Write = ServerResponse['write'];

/** The response's own end(), as it was before the wrapper: with the caller's arguments, or others. */
export type OriginalEnd = (...args: unknown[]) => ServerResponse;

/**
 * Wraps `res.end` so that `onEnd` sees every response as it ends, with its body as text when the
 * response is sent whole: one end() with a UTF-8 string, nothing written before it, headers not yet
 * sent. That is how Next sends a page from its cache; files and streams arrive otherwise, and
 * `onEnd` gets null for them. `onEnd` finishes the response itself, through `end`.
 */
export function onWholeTextBody(
  res: ServerResponse,
  onEnd: (text: string | null, end: OriginalEnd, args: unknown[]) => ServerResponse,
): void {
  const end: End = res.end;
  const write: Write = res.write;
  let streamed = false;
  res.write = function (this: ServerResponse, ...args: Parameters<Write>) {
    streamed = true;
    return write.apply(this, args);
  } as Write;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    const original: OriginalEnd = (...given) => Reflect.apply(end, this, given) as ServerResponse;
    const [chunk, encoding] = args;
    const whole =
      !streamed &&
      !this.headersSent &&
      typeof chunk === 'string' &&
      (typeof encoding !== 'string' || encoding === 'utf8' || encoding === 'utf-8');
    return onEnd(whole ? chunk : null, original, args);
  } as End;
}
