import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { importContentInto } from './content-import';

/** The site's posts, vacancies and cases as files (content/). */
export const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content');

/** What this needs of a started embedded backend. */
interface StartedBackend {
  url: string;
  serviceRoleKey: string;
  stop(): Promise<void>;
}

/**
 * Gives a just-started embedded backend the site's content, through REST with the service role,
 * exactly as `npm run content:import` writes a hosted project, so every local start has the posts,
 * vacancies, cases and pages the site shows. The backend itself knows nothing of the site; a start
 * whose content cannot be written is stopped, not left half set up.
 */
export async function withSiteContent<Backend extends StartedBackend>(
  backend: Backend,
  log: (line: string) => void = () => undefined,
  contentRoot = CONTENT_DIR,
): Promise<Backend> {
  try {
    const report = await importContentInto(backend.url, backend.serviceRoleKey, contentRoot);
    if (report.imported.length > 0) log(`Imported ${report.imported.length} content documents from ${contentRoot}`);
  } catch (error) {
    await backend.stop();
    throw error;
  }
  return backend;
}
