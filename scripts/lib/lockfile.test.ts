import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { missingOptionalDependencies, type Lockfile } from './lockfile';

const lock = (packages: Lockfile['packages']): Lockfile => ({ packages });

describe('missingOptionalDependencies', () => {
  it('names the platform packages a lock left out', () => {
    const gaps = missingOptionalDependencies(
      lock({
        '': {},
        'node_modules/next': {
          version: '16.4.5',
          optionalDependencies: { '@next/swc-linux-x64-gnu': '16.4.5', '@next/swc-darwin-arm64': '16.4.5' },
        },
        'node_modules/@next/swc-linux-x64-gnu': { version: '16.4.5' },
      }),
    );
    expect(gaps).toEqual([{ from: 'node_modules/next', version: '16.4.5', missing: ['@next/swc-darwin-arm64'] }]);
  });

  it('finds optional packages nested under the package or hoisted above it', () => {
    const gaps = missingOptionalDependencies(
      lock({
        'node_modules/a/node_modules/lightningcss': {
          optionalDependencies: { 'lightningcss-darwin-arm64': '1', 'lightningcss-linux-x64-gnu': '1' },
        },
        'node_modules/a/node_modules/lightningcss-darwin-arm64': {},
        'node_modules/lightningcss-linux-x64-gnu': {},
      }),
    );
    expect(gaps).toEqual([]);
  });

  it('holds for this repository: `npm ci` works on every platform the dependencies support', () => {
    const repoLock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as Lockfile;
    expect(missingOptionalDependencies(repoLock)).toEqual([]);
  });
});
