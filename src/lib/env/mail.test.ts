import { describe, expect, it } from 'vitest';

const { LOCAL_MAIL_FROM, LOCAL_RECRUITING_EMAIL, isMailAddress, readMailEnv } = await import('@/lib/env/mail');

const hosted = 'https://abcdefgh.supabase.co';
const local = 'http://127.0.0.1:54321';
const smtp = { SMTP_URL: 'smtps://apikey:s3cr%3At@smtp.example.com:465' };
const complete = { ...smtp, MAIL_FROM: 'Bitwerf <noreply@bitwerf.nl>', RECRUITING_EMAIL: 'jobs@bitwerf.nl' };

function problems(env: Record<string, string | undefined>, backendUrl = hosted): string {
  try {
    readMailEnv(env, backendUrl);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return '';
}

describe('readMailEnv', () => {
  it('reads a hosted configuration', () => {
    expect(readMailEnv(complete, hosted)).toEqual({
      smtpUrl: complete.SMTP_URL,
      from: 'Bitwerf <noreply@bitwerf.nl>',
      recruitingEmail: 'jobs@bitwerf.nl',
    });
  });

  it("defaults the sender and the recruiting mailbox to the firm's own address with a local backend only", () => {
    expect(readMailEnv({ SMTP_URL: 'smtp://127.0.0.1:54325' }, local)).toEqual({
      smtpUrl: 'smtp://127.0.0.1:54325',
      from: 'Bitwerf <hallo@bitwerf.nl>',
      recruitingEmail: 'hallo@bitwerf.nl',
    });
    expect(LOCAL_MAIL_FROM).toBe('Bitwerf <hallo@bitwerf.nl>');
    expect(LOCAL_RECRUITING_EMAIL).toBe('hallo@bitwerf.nl');
    // A host that only starts like a loopback name is not one.
    expect(problems(smtp, 'https://127.0.0.1.evil.example')).toMatch(/MAIL_FROM is missing/);
  });

  it('names every missing setting at once for a hosted project', () => {
    const message = problems({});
    expect(message).toMatch(/^Mail configuration is incomplete/);
    expect(message).toMatch(/SMTP_URL is missing/);
    expect(message).toMatch(/MAIL_FROM is missing/);
    expect(message).toMatch(/RECRUITING_EMAIL is missing/);
    expect(problems({ SMTP_URL: ' ', MAIL_FROM: ' ', RECRUITING_EMAIL: '' })).toMatch(
      /SMTP_URL is missing[\s\S]*MAIL_FROM is missing[\s\S]*RECRUITING_EMAIL is missing/,
    );
  });

  it('needs SMTP_URL with a local backend too (the embedded one passes it)', () => {
    expect(problems({}, local)).toMatch(/SMTP_URL is missing/);
    expect(problems({}, local)).not.toMatch(/MAIL_FROM|RECRUITING_EMAIL/);
  });

  it('refuses an SMTP_URL nodemailer cannot use, without ever quoting it', () => {
    const secret = 'pa55word-that-must-not-be-logged';
    for (const SMTP_URL of [`smtp.example.com:${secret}`, `https://user:${secret}@smtp.example.com`, `smtps://user:${secret}@:465`]) {
      const message = problems({ ...complete, SMTP_URL });
      expect(message, SMTP_URL).toMatch(/SMTP_URL/);
      expect(message).not.toContain(secret);
    }
    expect(problems({ ...complete, SMTP_URL: 'smtp://smtp.example.com:587' })).toBe('');
  });

  it.each([
    ['two addresses', 'a@bitwerf.nl, b@bitwerf.nl'],
    ['a comma in the name', 'Bitwerf, Zwolle <a@bitwerf.nl>'],
    ['a second header', 'Bitwerf <a@bitwerf.nl>\r\nBcc: someone@example.com'],
    ['no address', 'Bitwerf'],
    ['a name without brackets', 'Bitwerf a@bitwerf.nl'],
  ])('refuses MAIL_FROM with %s', (_case, MAIL_FROM) => {
    expect(problems({ ...complete, MAIL_FROM })).toMatch(/MAIL_FROM must be one address/);
  });

  it('accepts MAIL_FROM as a bare address', () => {
    expect(readMailEnv({ ...complete, MAIL_FROM: 'noreply@bitwerf.nl' }, hosted).from).toBe('noreply@bitwerf.nl');
  });

  it.each(['Jobs <jobs@bitwerf.nl>', 'jobs@bitwerf.nl,ceo@bitwerf.nl', 'jobs', 'jobs@bitwerf'])(
    'refuses RECRUITING_EMAIL=%s',
    (RECRUITING_EMAIL) => {
      expect(problems({ ...complete, RECRUITING_EMAIL })).toMatch(/RECRUITING_EMAIL must be one bare address/);
    },
  );
});

describe('isMailAddress', () => {
  it('takes one plain address and nothing a header could read as more', () => {
    expect(isMailAddress('ada.lovelace+jobs@example.co.uk')).toBe(true);
    for (const value of [
      '',
      'ada',
      'ada@example.com, eve@example.com',
      'Ada <ada@example.com>',
      'ada@example.com\r\nBcc: eve@example.com',
      'ada@@example.com',
    ]) {
      expect(isMailAddress(value), value).toBe(false);
    }
  });
});
