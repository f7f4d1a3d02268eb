// The embedded backend in a process of its own, so a test can kill it (SIGKILL: no shutdown, no
// flush) and start another on the same data. Prints one line of JSON once it listens.
import { startLocalSupabase } from '../../../local-supabase/src/server';

const dataDir = process.env.BACKEND_DATA_DIR;
if (dataDir === undefined) throw new Error('BACKEND_DATA_DIR is not set');
const backend = await startLocalSupabase({ port: 0, quiet: true, tokenRateLimit: false, dataDir });
process.stdout.write(`${JSON.stringify({ url: backend.url, serviceRoleKey: backend.serviceRoleKey })}\n`);
