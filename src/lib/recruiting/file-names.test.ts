import { describe, expect, it } from 'vitest';

import { displayFileName, downloadName } from './file-names';

const pdf = 'application/pdf';
const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// The name a staff member's system saves a file under decides what opening it does; the applicant
// chose the original one (review 2, finding 4).
describe('downloadName', () => {
  it('is a slug of the applicant, the kind of file and the extension of the type the bytes were found to be', () => {
    expect(downloadName({ applicantName: 'Jan de Vries', kind: 'cv', contentType: pdf })).toBe('jan-de-vries-cv.pdf');
    expect(downloadName({ applicantName: 'Zoë Ångström-Müller', kind: 'extra', contentType: docx })).toBe(
      'zoe-angstrom-muller-bijlage.docx',
    );
  });

  it('cannot be steered by what the applicant typed: bidi overrides, dots, slashes and other extensions become dashes', () => {
    expect(downloadName({ applicantName: 'cv-jan-de-vries\u202Efdp.html', kind: 'cv', contentType: pdf })).toBe(
      'cv-jan-de-vries-fdp-html-cv.pdf',
    );
    expect(downloadName({ applicantName: '../../etc/passwd\u0000.hta', kind: 'extra', contentType: pdf })).toBe(
      'etc-passwd-hta-bijlage.pdf',
    );
  });

  it('falls back to a neutral word when nothing of the name is left, and stays short', () => {
    expect(downloadName({ applicantName: '\u202E\u200B', kind: 'cv', contentType: pdf })).toBe('sollicitant-cv.pdf');
    expect(downloadName({ applicantName: '王小明', kind: 'cv', contentType: docx })).toBe('sollicitant-cv.docx');
    expect(downloadName({ applicantName: 'a'.repeat(300), kind: 'cv', contentType: pdf })).toBe(`${'a'.repeat(60)}-cv.pdf`);
    expect(downloadName({ applicantName: `${'a'.repeat(59)} b`, kind: 'cv', contentType: pdf })).toBe(`${'a'.repeat(59)}-cv.pdf`);
  });

  it('gives a type it does not accept no extension a system would run', () => {
    expect(downloadName({ applicantName: 'Jan', kind: 'cv', contentType: 'text/html' })).toBe('jan-cv.bin');
  });
});

describe('displayFileName', () => {
  it('drops control and format characters (bidi overrides, zero-width ones), so the name reads as it is', () => {
    expect(displayFileName('cv-jan\u202Efdp.html')).toBe('cv-janfdp.html');
    expect(displayFileName('cv\u0000\u0007\u200B\u2066.pdf\u2069')).toBe('cv.pdf');
    expect(displayFileName('  Curriculum vitæ – Zoë.pdf ')).toBe('Curriculum vitæ – Zoë.pdf');
    expect(displayFileName('\u202E')).toBe('');
  });
});
