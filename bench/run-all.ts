/**
 * `npm run bench`: the site bench, the upload bench, the applications load bench, the content
 * publish bench, the first-paint bench, then the backend bench if it exists.
 * Missed targets are reported, never fatal — the exit code is non-zero only
 * when a bench could not run at all, so CI can tell "slow" from "broken".
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { runApplicationsLoadBench } from './applications-load';
import { runContentPublishBench } from './content-publish';
import { runFirstPaintBench } from './first-paint';
import { runBench } from './lib/run-bench';
import { runSiteBench, siteBenchOptions } from './site';
import { runUploadBench } from './uploads';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BACKEND_BENCH = path.join('bench', 'backend.ts');

/**
 * The backend bench is a separate program; running it as
 * a child keeps its globals, servers and signal handlers out of ours. Its
 * output is passed straight through.
 */
function runBackendBench(): Promise<number> {
  const localTsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const [cmd, args] = existsSync(localTsx) ? [localTsx, [BACKEND_BENCH]] : ['npx', ['tsx', BACKEND_BENCH]];
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`[bench] could not start the backend bench: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  // `npm run bench -- --baseline <commit>`: that commit's build measured beside this one.
  const options = siteBenchOptions(process.argv.slice(2));
  const benches: [title: string, name: string, bench: () => Promise<unknown>][] = [
    ['Site bench', 'site bench', () => runSiteBench(options)],
    ['Upload bench', 'upload bench', runUploadBench],
    ['Applications load bench', 'applications load bench', runApplicationsLoadBench],
    ['Content publish bench', 'content publish bench', runContentPublishBench],
    ['First-paint bench (real loads through the edge)', 'first-paint bench', () => runFirstPaintBench(options.baseline)],
  ];
  let exitCode = 0;
  for (const [index, [title, name, bench]] of benches.entries()) {
    console.log(`${index === 0 ? '' : '\n'}== ${title} ==`);
    if (!(await runBench(name, bench))) exitCode = 1;
  }

  // Run the backend bench even if the site bench broke: its figures are independent.
  if (existsSync(path.join(ROOT, BACKEND_BENCH))) {
    console.log('\n== Backend bench ==');
    const code = await runBackendBench();
    if (code !== 0) {
      console.error(`[bench] backend bench exited with ${code}`);
      exitCode = 1;
    }
  }
  return exitCode;
}

main().then((code) => process.exit(code));
