import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { scanBuild, secretNeedles } from './static-secrets';
import { JWT_SECRET, SERVICE_ROLE_KEY } from '../../local-supabase/src/keys';

const local = { serviceRoleKey: SERVICE_ROLE_KEY, jwtSecret: JWT_SECRET };
const PROJECT_KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIiwicmVmIjoiYWJjIn0.c2lnbmF0dXJl';

let root: string;

async function put(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'static-secrets-'));
  await put('.next/static/chunks/app.js', 'self.__next_f.push([1,"anon key eyJhbGciOi…"])');
  await put('.next/static/css/app.css', 'body{color:red}');
  await put('.next/server/app/en.html', '<html>fine</html>');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('scanBuild', () => {
  it('passes a clean build', async () => {
    expect(await scanBuild(root, secretNeedles(local, {}))).toEqual({ filesScanned: 3, hits: [] });
  });

  it('finds the variable name, the local service-role key and the JWT secret in client chunks', async () => {
    await put('.next/static/chunks/leak-name.js', 'process.env.SUPABASE_SERVICE_ROLE_KEY');
    await put('.next/static/chunks/leak-key.js', `const k="${SERVICE_ROLE_KEY}"`);
    await put('.next/static/chunks/leak-secret.js', `const s="${JWT_SECRET}"`);
    const { hits } = await scanBuild(root, secretNeedles(local, {}));
    expect(hits).toEqual(
      expect.arrayContaining([
        { file: path.join('.next/static/chunks/leak-name.js'), label: 'the name SUPABASE_SERVICE_ROLE_KEY' },
        { file: path.join('.next/static/chunks/leak-key.js'), label: "the local backend's service-role key" },
        { file: path.join('.next/static/chunks/leak-secret.js'), label: "the local backend's JWT secret" },
      ]),
    );
  });

  it("finds a configured project's key, even cut in pieces, in prerendered pages", async () => {
    const [head, payload, signature] = PROJECT_KEY.split('.');
    await put('.next/server/app/en/contact-us.rsc', `"${head}"+"."+"${payload}"+"."+"${signature}"`);
    const { hits } = await scanBuild(root, secretNeedles(local, { SUPABASE_SERVICE_ROLE_KEY: PROJECT_KEY }));
    expect(hits).toEqual([
      { file: path.join('.next/server/app/en/contact-us.rsc'), label: 'the configured SUPABASE_SERVICE_ROLE_KEY (its payload)' },
    ]);
  });

  it('leaves server-only output alone: server code may name the variable', async () => {
    await put('.next/server/app/en/page.js', 'process.env.SUPABASE_SERVICE_ROLE_KEY');
    await put('.next/server/chunks/admin.js', `"${SERVICE_ROLE_KEY}"`);
    expect((await scanBuild(root, secretNeedles(local, {}))).hits).toEqual([]);
  });

  it('reports no files when there is no build, so the caller can fail', async () => {
    await rm(path.join(root, '.next'), { recursive: true });
    expect(await scanBuild(root, secretNeedles(local, {}))).toEqual({ filesScanned: 0, hits: [] });
  });
});
