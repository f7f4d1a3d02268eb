/**
 * One client's official test files, as `npm run backend:suites` runs them against the embedded
 * backend (CONTRACT.md, "The clients' own suites"). Each suite gets a backend of its own, loaded
 * with that suite's fixtures, because the clients' suites were written for separate databases.
 */
export interface Suite {
  /** The client's folder under `packages/core/` in the supabase-js checkout, e.g. `postgrest-js`. */
  name: string;
  /** The test files to run, relative to the suite's `test/` folder. */
  files: string[];
  /**
   * Writes the backend's migrations folder and seed file into `work` from the checkout's
   * `test/` folder, adapted where PGlite or the contract needs it.
   */
  prepare(testDir: string, work: string): Promise<{ migrationsDir: string; seedFile: string }>;
  /** Imports of the client's own `../src/…` mapped to the installed package or a stand-in. */
  alias: { find: RegExp; replacement: string }[];
  /**
   * Tests left out by the start of their full name ("describe … test"; a top-level `describe`
   * leaves out all of its tests), because they never reach a server (they mock `fetch` or spy on
   * the client's internals) or need what this backend does not offer (sign-ups); CONTRACT.md
   * names them. Vitest reports them skipped.
   */
  leftOut?: string[];
  /**
   * When set, only the tests whose full name starts with one of these run (less `leftOut`): for a
   * file of which only some features are counted. The others are reported skipped too.
   */
  only?: string[];
}
