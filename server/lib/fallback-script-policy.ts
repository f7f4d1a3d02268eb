import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import onHeaders from 'on-headers';

import { nonceScriptPolicy } from '../../src/lib/security/script-policy.mjs';

/*
 * The strict script policy for the pages neither the proxy nor the page cache gives one: a post or
 * vacancy whose slug does not exist. Those paths are left out of the proxy's matcher so that the
 * prerendered posts and vacancies cost nothing there (running the proxy for them measurably cut
 * their throughput in the bench), and so their 404 is rendered per request without a nonce.
 *
 * Here every request gets a fresh nonce in its `content-security-policy` header, where Next looks
 * for it (the proxy replaces it with its own where it runs, and prerendered pages come from the
 * cache, so they ignore it). An HTML response that leaves without a script policy then gets this
 * nonce's policy, and Next and NonceScript have already put that nonce on every inline script.
 * Whatever a client sent in that request header is replaced: a nonce the client chose is no secret.
 */

const HEADER = 'content-security-policy';
const SCRIPT_SRC = /(^|[;,])\s*script-src\s/i;

function headerValues(value: number | string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [String(value)];
}

/** Whether any of the response's CSP headers already says which scripts may run. */
function hasScriptPolicy(res: ServerResponse): boolean {
  return headerValues(res.getHeader(HEADER)).some((value) => SCRIPT_SRC.test(value));
}

function isHtml(res: ServerResponse): boolean {
  return /^\s*text\/html\b/i.test(String(res.getHeader('content-type') ?? ''));
}

export function fallbackScriptPolicy() {
  return function handle(req: IncomingMessage, res: ServerResponse): void {
    const policy = nonceScriptPolicy(randomBytes(16).toString('base64'));
    req.headers[HEADER] = policy;
    delete req.headers[`${HEADER}-report-only`];
    onHeaders(res, function addPolicy(this: ServerResponse) {
      if (!isHtml(this) || hasScriptPolicy(this)) return;
      this.setHeader(HEADER, [...headerValues(this.getHeader(HEADER)), policy]);
    });
  };
}
