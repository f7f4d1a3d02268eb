import http from 'node:http';

import type { FuzzRequest } from './envelope';

export interface Sent {
  /** The HTTP status, or null when no answer came (connection reset, time-out). */
  status: number | null;
  error?: string;
  ms: number;
}

/**
 * node:http rather than fetch: fetch normalises paths (`/a/../b`), refuses some methods and
 * headers, and would hide exactly the oddities the fuzz is meant to send. Answers may carry large
 * headers (a Location echoing an 8 KB query), so the client accepts up to 256 KB of them. What node:http cannot
 * put on the wire at all (control characters, code points above U+00FF) is escaped first.
 */
function wirePath(path: string): string {
  // Byte-wise, so lone surrogates (which encodeURIComponent refuses) go out as U+FFFD's bytes.
  return path.replace(/[^\x21-\x7e]/gu, (char) =>
    [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

function wireHeaderValue(value: string): string {
  return value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
}

export function createSender(
  baseUrl: string,
  concurrency: number,
  timeoutMs: number,
): { send(request: FuzzRequest): Promise<Sent>; close(): void } {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  return {
    send(request) {
      const started = performance.now();
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, wireHeaderValue(value)]));
      const body =
        request.body === undefined
          ? undefined
          : typeof request.body === 'string'
            ? Buffer.from(request.body)
            : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength);
      if (body !== undefined) headers['Content-Length'] = String(body.length);
      return new Promise<Sent>((resolve) => {
        const done = (sent: Omit<Sent, 'ms'>): void => resolve({ ...sent, ms: performance.now() - started });
        let req: http.ClientRequest;
        try {
          req = http.request(
            {
              host: base.hostname,
              port: base.port,
              method: request.method,
              path: wirePath(request.path),
              headers,
              agent,
              timeout: timeoutMs,
              maxHeaderSize: 256 * 1024,
            },
            (res) => {
              // Drain the answer so the socket is reused; its content does not matter here.
              res.resume();
              res.once('end', () => done({ status: res.statusCode ?? null }));
              res.once('error', (error) => done({ status: res.statusCode ?? null, error: error.message }));
            },
          );
        } catch (error) {
          done({ status: null, error: `not sendable: ${error instanceof Error ? error.message : String(error)}` });
          return;
        }
        req.once('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
        req.once('error', (error) => done({ status: null, error: error.message }));
        req.end(body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}
