import { DEMO_ACCOUNTS } from './keys';

/** What `npm run backend` and `npm run dev` print, so both name the same URL, keys and accounts. */
export function banner(backend: { url: string; anonKey: string; serviceRoleKey: string }, details: { dataDir?: string; readyMs?: number }): string {
  return [
    `Local Supabase ${details.readyMs === undefined ? 'running' : `ready in ${Math.round(details.readyMs)} ms`}`,
    `  API URL:          ${backend.url}`,
    `  anon key:         ${backend.anonKey}`,
    `  service_role key: ${backend.serviceRoleKey}`,
    `  Inbox:            ${backend.url}/inbox/v1/messages`,
    ...(details.dataDir === undefined ? [] : [`  Data:             ${details.dataDir}`]),
    '  Demo accounts:',
    ...DEMO_ACCOUNTS.map((account) => `    ${account.email} / ${account.password} (${account.role})`),
  ].join('\n');
}
