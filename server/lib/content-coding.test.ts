import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { chooseCoding, compress } from './content-coding';

describe('chooseCoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['gzip;q=0', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });

  it('chooses among the codings at hand only', () => {
    expect(chooseCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseCoding('br', ['gzip'])).toBeNull();
    expect(chooseCoding('br, gzip', [])).toBeNull();
  });
});

describe('compress', () => {
  it('gives bytes each coding decodes back to the original', async () => {
    const body = Buffer.from('<p>Maatwerksoftware uit Zwolle.</p>'.repeat(100));
    expect(brotliDecompressSync(await compress(body, 'br')).equals(body)).toBe(true);
    expect(gunzipSync(await compress(body, 'gzip')).equals(body)).toBe(true);
  });
});
