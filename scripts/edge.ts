import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { startEdge } from './lib/edge';

/**
 * The edge in the foreground, until it is told to stop:
 *   tsx scripts/edge.ts --port 3200 --upstream 3210 --upstream 3220 [--static .next/static]
 * Playwright starts it in front of the two end-to-end instances (playwright.config.ts).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { port: { type: 'string' }, upstream: { type: 'string', multiple: true }, static: { type: 'string' } },
  strict: true,
});
const port = Number(values.port);
const upstreams = (values.upstream ?? []).map(Number);
if (!Number.isInteger(port) || upstreams.length === 0 || !upstreams.every(Number.isInteger)) {
  console.error('Usage: tsx scripts/edge.ts --port <port> --upstream <port> [--upstream <port>…] [--static <dir>]');
  process.exit(2);
}
const staticDir = path.resolve(ROOT, values.static ?? path.join(process.env.NEXT_DIST_DIR || '.next', 'static'));
const edge = await startEdge({ root: ROOT, port, upstreams, staticDir });
console.log(`Edge (nginx) on ${edge.url}, in front of ${upstreams.map((upstream) => `127.0.0.1:${upstream}`).join(', ')}`);
const stop = () => void edge.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
edge.process.once('exit', (code) => process.exit(code ?? 1));
