import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { LaunchError, planLaunch, previewArgs } from './launch-plan';

const project = { NEXT_PUBLIC_SUPABASE_URL: 'https://abc.supabase.co' };

describe('planLaunch', () => {
  it('runs Next alone, with the arguments as given, when a project is configured', () => {
    expect(planLaunch('start', ['-p', '4000'], project)).toEqual({ backend: 'project', nextArgs: ['-p', '4000'] });
    expect(planLaunch('start', ['--hostname', '0.0.0.0'], project)).toEqual({ backend: 'project', nextArgs: ['--hostname', '0.0.0.0'] });
    expect(planLaunch('dev', [], project)).toEqual({ backend: 'project', nextArgs: [] });
  });

  it('makes `npm start` without a project a preview bound to 127.0.0.1', () => {
    expect(planLaunch('start', [], {})).toEqual({ backend: 'local', mode: 'preview', nextArgs: ['--hostname', '127.0.0.1'] });
    // An empty or blank value in .env is "not configured", as Next and supabase-js treat it.
    expect(planLaunch('start', ['-p', '4000'], { NEXT_PUBLIC_SUPABASE_URL: ' ' })).toEqual({
      backend: 'local',
      mode: 'preview',
      nextArgs: ['-p', '4000', '--hostname', '127.0.0.1'],
    });
  });

  it('keeps dev and build on the embedded backend without touching their arguments', () => {
    expect(planLaunch('dev', ['--turbopack'], {})).toEqual({ backend: 'local', mode: 'dev', nextArgs: ['--turbopack'] });
    expect(planLaunch('build', [], {})).toEqual({ backend: 'local', mode: 'build', nextArgs: [] });
  });
});

describe('previewArgs', () => {
  it('accepts 127.0.0.1 given explicitly, in every spelling', () => {
    expect(previewArgs(['-H', '127.0.0.1'])).toEqual(['-H', '127.0.0.1']);
    expect(previewArgs(['--hostname=127.0.0.1'])).toEqual(['--hostname=127.0.0.1']);
  });

  it('refuses any other address instead of quietly exposing the demo backend', () => {
    for (const args of [
      ['-H', '0.0.0.0'],
      ['--hostname', '::'],
      ['--hostname=192.168.1.5'],
      ['-H=0.0.0.0'],
      ['-H'],
      ['-H', '127.0.0.1', '-H', '0.0.0.0'],
    ]) {
      expect(() => previewArgs(args), args.join(' ')).toThrow(LaunchError);
    }
  });
});

describe.each(['../next-with-backend.ts', '../start.ts'])('%s', (file) => {
  it('imports nothing from local-supabase/ statically (production start runs without it)', () => {
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    const staticImports = [...source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1]);
    expect(staticImports.length).toBeGreaterThan(0);
    expect(staticImports.filter((specifier) => specifier?.includes('local-supabase') || specifier?.endsWith('local-backend'))).toEqual([]);
  });
});
