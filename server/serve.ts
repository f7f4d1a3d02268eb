import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import next from 'next';

import { cachedCompression } from './lib/cached-compression';
import { fallbackScriptPolicy } from './lib/fallback-script-policy';
import { precompressedStatic } from './lib/precompressed-static';
import { prerenderedPages } from './lib/prerendered-pages';
import { SERVER_COMPRESSES } from './lib/server-compresses';
import { recordSocketAddress, SOCKET_ADDRESS_MARK } from '../src/lib/request/socket-address';

/**
 * The production server behind `npm start` (compiled to server/dist/serve.js by `npm run build`,
 * started by server/start.ts): Next's request handler, as `next start` runs it, with five changes:
 * - responses are compressed by lib/cached-compression.ts, which compresses a public page once per
 *   version instead of once per request (so Next's own compression and ETags are off in this
 *   process only: lib/server-compresses.ts);
 * - a repeat visit to a prerendered page gets the response Next gave it from its cache, without
 *   Next, for as long as Next would still call that page fresh (lib/prerendered-pages.ts);
 * - the build's static files under /_next/static are sent from the copies `npm run build` compressed
 *   once (lib/precompressed-static.ts), not compressed again for every request;
 * - every request carries its socket address in a header the client cannot set
 *   (src/lib/request/socket-address.ts), which the rate limits key on when no proxy is in front;
 * - an HTML page that leaves without a script policy gets a nonce one (lib/fallback-script-policy.ts):
 *   the 404 of a post or vacancy that does not exist, which neither the proxy nor the page cache sees.
 *
 * Takes `next start`'s options that the scripts use: -p/--port and -H/--hostname, with PORT and
 * HOSTNAME from the environment as fallbacks, as `next start` does.
 */
// server/dist/serve.js, two folders below the project.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// The bench and the test scripts find the server process by the title `next start` gives itself.
process.title = 'next-server';

function options() {
  try {
    return parseArgs({ options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } }, strict: true }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: npm start -- [-p <port>] [-H <hostname>]`);
    process.exit(2);
  }
}
const values = options();
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${values.port ?? process.env.PORT}`);
  process.exit(2);
}
// Like `next start`: every interface unless told otherwise.
const hostname = values.hostname ?? process.env.HOSTNAME;

// Before Next loads: the site trusts the socket-address header only under this mark.
process.env[SOCKET_ADDRESS_MARK] = '1';
// next.config.ts reads this when Next loads it below, and leaves compression and ETags to us.
process.env[SERVER_COMPRESSES] = '1';
const app = next({ dev: false, dir: ROOT, hostname: hostname ?? 'localhost', port });
await app.prepare();
const handle = app.getRequestHandler();
const compress = cachedCompression();
const scriptPolicy = fallbackScriptPolicy();
const staticFiles = await precompressedStatic(path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'static'));

const answer = prerenderedPages();

const server = createServer((req, res) => {
  recordSocketAddress(req);
  scriptPolicy(req, res);
  compress(req, res);
  staticFiles(req, res, () => {
    answer(req, res, () => handle(req, res)).catch((error: unknown) => {
      // Next answers its own errors; this is only for one that escapes it, which must not end the process.
      console.error('Request failed outside Next:', error instanceof Error ? error.message : error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
});
server.listen(port, hostname, () => {
  console.log(`▲ Ready on http://${hostname ?? 'localhost'}:${port}`);
});

const stop = () => {
  server.close(() => process.exit(0));
  // Open keep-alive connections would hold close() back.
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
