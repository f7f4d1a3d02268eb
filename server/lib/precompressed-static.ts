import { readdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

import mime from 'mime-types';
import serveStatic from 'serve-static';

import { chooseCoding, CODINGS, type Coding } from './content-coding';
import { EXTENSIONS, isFresh } from './precompress';
import { assetHeaders } from '../../src/lib/security/headers';

/*
 * Serves Next's build output under /_next/static from the copies `npm run build` compressed once
 * (lib/precompress.ts), with the headers Next gives those files: a year, immutable, and the asset
 * security headers. A file without a fresh copy is served as it is and compressed per response
 * like any other; one that is not on disk falls through to Next, which answers its 404.
 *
 * express-static-gzip does this for Express, but it reads Express's `req.path`, so it is
 * serve-static (which it wraps) with the coding chosen here.
 */

const ENCODED = new Set(Object.values(EXTENSIONS));

/** Every file under `root` with the codings it has a fresh copy in, by its path from `root` ("/chunks/a.js"). */
async function findCopies(root: string): Promise<Map<string, Coding[]>> {
  const copies = new Map<string, Coding[]>();
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch {
    return copies; // no build yet: everything falls through to Next, which says so
  }
  for (const entry of entries) {
    if (!entry.isFile() || ENCODED.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const fresh: Coding[] = [];
    for (const coding of CODINGS) if (await isFresh(file, file + EXTENSIONS[coding])) fresh.push(coding);
    if (fresh.length > 0) copies.set(`/${path.relative(root, file).split(path.sep).join('/')}`, fresh);
  }
  return copies;
}

export async function precompressedStatic(root: string, prefix = '/_next/static/') {
  const copies = await findCopies(root);
  const serve = serveStatic(root, {
    index: false,
    redirect: false,
    fallthrough: true,
    maxAge: '1y',
    immutable: true,
    setHeaders(res) {
      for (const { key, value } of assetHeaders) res.setHeader(key, value);
    },
  });

  return function handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith(prefix)) return next();
    const queryAt = url.indexOf('?');
    const relative = url.slice(prefix.length - 1, queryAt === -1 ? undefined : queryAt);
    let file: string;
    try {
      file = decodeURIComponent(relative);
    } catch {
      // Not a file name. Next would answer it with a 500.
      res.statusCode = 400;
      res.end();
      return;
    }

    const available = copies.get(file);
    const coding = available ? chooseCoding(req.headers['accept-encoding'], available) : null;
    if (available) res.setHeader('Vary', 'Accept-Encoding');
    if (coding !== null) {
      res.setHeader('Content-Encoding', coding);
      res.setHeader('Content-Type', mime.contentType(path.extname(file)) || 'application/octet-stream');
    }
    req.url = coding === null ? relative : relative + EXTENSIONS[coding];
    serve(req, res, () => {
      req.url = url;
      if (!res.headersSent) for (const header of ['vary', 'content-encoding', 'content-type']) res.removeHeader(header);
      next();
    });
  };
}
