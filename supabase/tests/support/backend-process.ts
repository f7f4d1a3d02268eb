// The embedded backend in a process of its own, so a test can kill it (SIGKILL: no shutdown, no
// flush) or freeze it (SIGSTOP) and start another on the same data. BACKEND_PORT and
// BACKEND_SMTP_PORT keep its addresses across a restart (a site started against it keeps them).
// Prints one line of JSON once it listens.
import { startLocalSupabase } from '../../../local-supabase/src/server';

const dataDir = process.env.BACKEND_DATA_DIR;
if (dataDir === undefined) throw new Error('BACKEND_DATA_DIR is not set');
const smtpPort = process.env.BACKEND_SMTP_PORT === undefined ? undefined : Number(process.env.BACKEND_SMTP_PORT);
const backend = await startLocalSupabase({
  port: Number(process.env.BACKEND_PORT ?? 0),
  smtpPort,
  // Its local identity provider on a free port: the site's own backend holds the default one.
  idpPort: 0,
  quiet: true,
  tokenRateLimit: false,
  dataDir,
});
process.stdout.write(`${JSON.stringify({ url: backend.url, serviceRoleKey: backend.serviceRoleKey, smtpUrl: backend.smtpUrl })}\n`);
