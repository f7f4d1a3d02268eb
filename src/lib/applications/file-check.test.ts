import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { docx, encryptedDocx, executable, pdf, polyglotPdf, truncatedPdf } from '../../../e2e/support/application-files';

const { checkApplicationFile } = await import('./file-check');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'file-check-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function check(name: string, bytes: Buffer) {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return checkApplicationFile(file, bytes.length);
}

describe('checkApplicationFile', () => {
  it('accepts a PDF and a Word document by their content', async () => {
    expect(await check('cv.pdf', pdf())).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(await check('cv.docx', docx())).toEqual({
      ok: true,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('goes by the bytes, not the name: a PDF called cv.txt is a PDF, a program called cv.pdf is not', async () => {
    expect(await check('cv.txt', pdf())).toMatchObject({ ok: true });
    expect(await check('cv.pdf', executable())).toEqual({ ok: false, error: 'file.wrongType' });
    expect(await check('notes.pdf', Buffer.from('just some text, not a document'))).toEqual({ ok: false, error: 'file.wrongType' });
  });

  it('refuses a password-protected PDF or Word document', async () => {
    expect(await check('locked.pdf', pdf({ encrypted: true }))).toEqual({ ok: false, error: 'file.protected' });
    expect(await check('locked.docx', encryptedDocx())).toEqual({ ok: false, error: 'file.protected' });
  });

  it('finds /Encrypt even where it straddles two read chunks', async () => {
    const bytes = pdf({ padTo: 64 * 1024 + 100, encrypted: true });
    expect(await check('big-locked.pdf', bytes)).toEqual({ ok: false, error: 'file.protected' });
  });

  it('refuses a cut-off PDF or Word document', async () => {
    expect(await check('half.pdf', truncatedPdf())).toEqual({ ok: false, error: 'file.broken' });
    const word = docx();
    expect(await check('half.docx', word.subarray(0, word.length - 30))).toEqual({ ok: false, error: 'file.broken' });
  });

  // Staff open these files; a PDF that is also HTML runs as a page wherever a browser sniffs it or
  // it is saved as .html (review 2, finding 4). No CV needs markup in its first kilobytes.
  it.each([
    '<html><body>x</body></html>',
    '<SCRIPT>alert(1)</SCRIPT>',
    '<Body onload=alert(1)>',
    '<!DOCTYPE html>',
    '<svg onload=alert(1)>',
    '<iframe src=x>',
  ])('refuses a PDF that carries markup in its first kilobytes: %s', async (markup) => {
    expect(await check('cv.pdf', polyglotPdf(markup))).toEqual({ ok: false, error: 'file.markup' });
    expect(await check('cv.pdf', polyglotPdf(markup, 6000))).toEqual({ ok: false, error: 'file.markup' });
  });

  it('accepts a PDF whose first kilobytes only mention HTML in words, or XML metadata', async () => {
    expect(await check('cv.pdf', polyglotPdf('Skills: HTML, CSS, <dc:title>, a <b> tag'))).toMatchObject({ ok: true });
  });

  it('refuses an empty file and one over 10 MB without reading it', async () => {
    expect(await check('empty.pdf', Buffer.alloc(0))).toEqual({ ok: false, error: 'file.empty' });
    expect(await checkApplicationFile(path.join(dir, 'missing.pdf'), 10 * 1024 * 1024 + 1)).toEqual({ ok: false, error: 'file.tooLarge' });
  });
});
