import { describe, expect, it } from 'vitest';

import { readNoteBody } from './application-notices';

describe('readNoteBody', () => {
  it('keeps the text, with the browser’s line breaks as one character each', () => {
    expect(readNoteBody('  Sterk portfolio.\r\nUitnodigen.  ')).toEqual({ body: 'Sterk portfolio.\nUitnodigen.' });
    expect(readNoteBody(`${'a'.repeat(1000)}\r\n${'b'.repeat(999)}`)).toEqual({ body: `${'a'.repeat(1000)}\n${'b'.repeat(999)}` });
  });

  it('counts characters as Postgres does, not UTF-16 units', () => {
    expect(readNoteBody('😀'.repeat(2000))).toEqual({ body: '😀'.repeat(2000) });
    expect(readNoteBody('😀'.repeat(2001))).toEqual({ error: 'noteTooLong' });
  });

  it('refuses an empty note, a blank one and anything that is not text', () => {
    for (const value of ['', '   \r\n ', null, undefined, 12, new Blob(['x'])]) expect(readNoteBody(value)).toEqual({ error: 'noteEmpty' });
  });
});
