/**
 * The physical limit of a page: the same HTML with every script removed, served the way the real
 * page is. A proxy in front of our server passes every request and response through untouched,
 * except our own HTML, which loses its `<script>` elements and its script preloads and then goes
 * out in the coding the server chose (at the server's highest levels, once per page version). What
 * the page still costs (HTML, styles, fonts, images, the network) is what no script work can beat.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';

import { compress, type Coding } from '../../scripts/lib/precompress';

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const LINK = /<link\b[^>]*>/gi;

function attribute(tag: string, name: string): string {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').toLowerCase();
}

/** Whether a `<link>` makes the browser fetch a script: modulepreload, or preload as a script. */
function isScriptPreload(tag: string): boolean {
  const rel = attribute(tag, 'rel').split(/\s+/);
  return rel.includes('modulepreload') || (rel.includes('preload') && attribute(tag, 'as') === 'script');
}

/** The HTML without any script element or script preload; everything else byte for byte. */
export function stripScripts(html: string): string {
  return html.replace(SCRIPT_ELEMENT, '').replace(LINK, (tag) => (isScriptPreload(tag) ? '' : tag));
}

const decoders: Record<Coding, (body: Buffer) => Promise<Buffer>> = { br: promisify(brotliDecompress), gzip: promisify(gunzip) };

function codingOf(headers: IncomingHttpHeaders): Coding | 'identity' | null {
  const coding = String(headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  return coding === 'br' || coding === 'gzip' || coding === 'identity' ? coding : null;
}

export interface ScriptFreeProxy {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Starts the proxy on a free port of 127.0.0.1 in front of `upstream` (http://host:port). */
export async function startScriptFreeProxy(upstream: string): Promise<ScriptFreeProxy> {
  const target = new URL(upstream);
  // Each version of a page is stripped and compressed once, as the real server compresses it once.
  const done = new Map<string, Promise<Buffer>>();
  const server: Server = createServer((req, res) => {
    const forwarded = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const coding = codingOf(answer.headers);
        const html = /^\s*text\/html\b/i.test(String(answer.headers['content-type'] ?? ''));
        if (!html || coding === null || req.method === 'HEAD' || answer.statusCode === 304) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const raw = Buffer.concat(chunks);
          const key = `${coding}\n${raw.toString('base64')}`;
          let body = done.get(key);
          if (body === undefined) {
            body = (async () => {
              const text = coding === 'identity' ? raw : await decoders[coding](raw);
              const stripped = Buffer.from(stripScripts(text.toString('utf8')));
              return coding === 'identity' ? stripped : compress(stripped, coding);
            })();
            done.set(key, body);
          }
          body.then(
            (bytes) => {
              const headers = { ...answer.headers, 'content-length': String(bytes.length) };
              delete headers['transfer-encoding'];
              // The stripped page is another representation: a validator of the real one would lie about it.
              delete headers.etag;
              res.writeHead(answer.statusCode ?? 200, headers);
              res.end(bytes);
            },
            (error: unknown) => {
              res.writeHead(502);
              res.end(String(error));
            },
          );
        });
      },
    );
    forwarded.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
