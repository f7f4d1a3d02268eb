import { beforeEach, describe, expect, it, vi } from 'vitest';

const sendMail = vi.fn();
vi.mock('./send-mail', () => ({ sendMail }));
vi.mock('@/lib/env/mail', () => ({
  getMailEnv: () => ({ smtpUrl: 'smtp://127.0.0.1:1', from: 'Bitwerf <hallo@bitwerf.nl>', recruitingEmail: 'jobs@bitwerf.nl' }),
}));

const { companyLine, renderApplicationNotification, renderApplicationReceived, sendApplicationNotification, sendApplicationReceived } =
  await import('./application-mails');
const { companyDefaults: company } = await import('@/lib/company/defaults');
type ReceivedInput = Parameters<typeof renderApplicationReceived>[0];

// 19:39 UTC in November is 20.39 in Amsterdam (CET).
const receivedAt = new Date('2026-11-23T19:39:00Z');
const withdrawUntil = new Date('2026-12-21T19:39:00Z');
const withdrawUrl = 'https://www.bitwerf.nl/applications/withdraw?token=abc.def&x=1';

function received(overrides: Partial<ReceivedInput> = {}): ReceivedInput {
  return {
    locale: 'nl',
    to: 'ada@example.com',
    vacancyTitle: 'Senior developer',
    files: [
      { kind: 'cv', contentType: 'application/pdf', sizeBytes: 12_345 },
      { kind: 'extra', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sizeBytes: 2_400_000 },
    ],
    talentPool: false,
    receivedAt,
    withdrawUrl,
    withdrawUntil,
    company,
    ...overrides,
  };
}

describe('the application confirmation', () => {
  // The address was never confirmed: whoever typed it chose what a mail from the firm would say
  // to its owner (review 2, finding 8). Only fixed text, the vacancy and facts the server measured.
  it.each(['nl', 'en'] as const)(
    'echoes nothing the applicant typed or named, and lists the files by kind, type and size (%s)',
    (locale) => {
      const mail = renderApplicationReceived(received({ locale }));
      const lines =
        locale === 'nl'
          ? '- Bestanden: cv (pdf, 12 kB), extra bestand (Word, 2,4 MB)\n'
          : '- Files: CV (PDF, 12 kB), Additional file (Word, 2.4 MB)\n';
      expect(mail.text).toContain(lines);
      expect(mail.text).toMatch(locale === 'nl' ? /^Hallo,\n\n/ : /^Hello,\n\n/);
    },
  );

  it.each(['nl', 'en'] as const)('escapes the vacancy title in the HTML part and keeps it as is in the text part (%s)', (locale) => {
    const mail = renderApplicationReceived(received({ locale, vacancyTitle: 'Dev & <Ops>' }));
    expect(mail.html).toContain('Dev &amp; &lt;Ops&gt;');
    expect(mail.html).not.toMatch(/<Ops>/);
    expect(mail.subject).toContain('Dev & <Ops>');
  });

  it.each(['nl', 'en'] as const)("ends with the firm's published name, address and KvK number, in both parts (%s)", (locale) => {
    for (const mail of [
      renderApplicationReceived(received({ locale })),
      renderApplicationNotification(
        { vacancyTitle: null, applicationUrl: 'https://www.bitwerf.nl/account/applications/42', receivedAt, company },
        locale,
      ),
    ]) {
      const line = companyLine(locale, company);
      expect(line).toContain(`${company.legalName} · ${company.address.street}, ${company.address.postcode} ${company.address.city}`);
      expect(line).toContain(company.kvk);
      expect(mail.text.endsWith(`\n--\n${line}\n`)).toBe(true);
      expect(mail.html).toMatch(new RegExp(`>${line.replace(/[.()]/g, '\\$&')}</p>\n</div>`));
    }
  });

  it('names the company details it is given, so a publication reaches the next mail', () => {
    const moved = {
      ...company,
      phoneDisplay: '038 765 43 21',
      address: { ...company.address, street: 'Grote Markt 1', postcode: '8011 LW' },
    };
    const mail = renderApplicationReceived(received({ company: moved }));
    expect(mail.text).toContain('Grote Markt 1, 8011 LW Zwolle');
    expect(mail.text).not.toContain(company.address.street);
  });

  it.each(['nl', 'en'] as const)('carries the withdrawal link in both parts (%s)', (locale) => {
    const mail = renderApplicationReceived(received({ locale }));
    expect(mail.html).toContain('href="https://www.bitwerf.nl/applications/withdraw?token=abc.def&amp;x=1"');
    expect(mail.text).toContain(`\n${withdrawUrl}\n`);
    expect(mail.html).toContain(`<html lang="${locale}">`);
  });

  it('is in Dutch, with dates in Amsterdam time', () => {
    const mail = renderApplicationReceived(received());
    expect(mail.subject).toBe('We hebben je sollicitatie op Senior developer ontvangen');
    expect(mail.text).toMatch(
      /^Hallo,\n\nBedankt voor je sollicitatie op de vacature Senior developer\. We hebben je sollicitatie op 23 november 2026 om 20\.39 uur ontvangen\./,
    );
    expect(mail.text).toContain('De link werkt zolang we je sollicitatie bewaren, en uiterlijk tot 21 december 2026 om 20.39 uur.');
    expect(mail.text).toContain('Sollicitatie intrekken:\nhttps://');
    expect(mail.text).toContain('Hartelijke groet,\nHet team van Bitwerf');
    expect(mail.text).toContain('hallo@bitwerf.nl');
  });

  it('is in English, with dates in Amsterdam time', () => {
    const mail = renderApplicationReceived(received({ locale: 'en' }));
    expect(mail.subject).toBe("We've received your application for Senior developer");
    expect(mail.text).toContain('Your application reached us on 23 November 2026 at 20:39.');
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain(
      'The link works for as long as we keep your application, and until 21 December 2026 at 20:39 at the latest.',
    );
    expect(mail.text).toContain('Kind regards,\nThe Bitwerf team');
  });

  it('says how long the application is kept, per talent-pool choice', () => {
    const nlDefault = renderApplicationReceived(received({ talentPool: false }));
    expect(nlDefault.text).toContain('tot vier weken na het einde van de sollicitatieprocedure');
    expect(nlDefault.text).toContain('Talentpool: nee');
    expect(nlDefault.text).not.toContain('een jaar');
    const nlPool = renderApplicationReceived(received({ talentPool: true }));
    expect(nlPool.text).toContain('tot een jaar na je sollicitatie');
    expect(nlPool.text).toContain('Talentpool: ja');
    expect(nlPool.text).not.toContain('vier weken');

    const enDefault = renderApplicationReceived(received({ locale: 'en', talentPool: false }));
    expect(enDefault.text).toContain('until four weeks after the recruitment process has ended');
    expect(enDefault.text).not.toContain('one year');
    const enPool = renderApplicationReceived(received({ locale: 'en', talentPool: true }));
    expect(enPool.text).toContain('until one year after you applied');
    expect(enPool.html).toContain('until one year after you applied');
    expect(enPool.text).not.toContain('four weeks');
  });

  it.each(['nl', 'en'] as const)('names an open application as such, and no files as none (%s)', (locale) => {
    const mail = renderApplicationReceived(received({ locale, vacancyTitle: null, files: [] }));
    expect(mail.subject).toBe(locale === 'nl' ? 'We hebben je open sollicitatie ontvangen' : "We've received your open application");
    expect(mail.text).toContain(locale === 'nl' ? '- Open sollicitatie\n- Bestanden: geen\n' : '- Open application\n- Files: none\n');
    expect(mail.text).not.toContain('Senior developer');
  });

  it('refuses a link that is not an absolute http(s) URL', () => {
    expect(() => renderApplicationReceived(received({ withdrawUrl: 'javascript:alert(1)' }))).toThrow(TypeError);
    expect(() => renderApplicationReceived(received({ withdrawUrl: '/applications/withdraw' }))).toThrow(TypeError);
  });
});

describe('the recruiting notification', () => {
  const input = { vacancyTitle: 'Senior developer', applicationUrl: 'https://www.bitwerf.nl/account/applications/42', receivedAt, company };

  it('is in Dutch and links to the application in both parts', () => {
    const mail = renderApplicationNotification(input);
    expect(mail.subject).toBe('Nieuwe sollicitatie op Senior developer');
    expect(mail.text).toContain(
      'Op 23 november 2026 om 20.39 uur is er een nieuwe sollicitatie binnengekomen op de vacature Senior developer.',
    );
    expect(mail.text).toContain('\nhttps://www.bitwerf.nl/account/applications/42\n');
    expect(mail.html).toContain('href="https://www.bitwerf.nl/account/applications/42"');
    expect(mail.html).toContain('<html lang="nl">');
    expect(renderApplicationNotification({ ...input, vacancyTitle: null }).subject).toBe('Nieuwe open sollicitatie');
  });

  it('has complete English texts as well', () => {
    const mail = renderApplicationNotification({ ...input, vacancyTitle: null }, 'en');
    expect(mail.subject).toBe('New open application');
    expect(mail.text).toContain('A new open application came in on 23 November 2026 at 20:39.');
  });
});

describe('sending', () => {
  beforeEach(() => {
    sendMail.mockReset();
    sendMail.mockResolvedValue({ status: 'sent' });
  });

  it('sends the confirmation to the applicant and the notification to RECRUITING_EMAIL, without the applicant in it', async () => {
    expect(await sendApplicationReceived(received())).toEqual({ status: 'sent' });
    expect(sendMail).toHaveBeenLastCalledWith(
      expect.objectContaining({ to: 'ada@example.com', subject: 'We hebben je sollicitatie op Senior developer ontvangen' }),
    );

    expect(
      await sendApplicationNotification({
        vacancyTitle: null,
        applicationUrl: 'https://www.bitwerf.nl/account/applications/42',
        receivedAt,
        company,
      }),
    ).toEqual({
      status: 'sent',
    });
    const [notification] = sendMail.mock.lastCall ?? [];
    expect(notification).toMatchObject({ to: 'jobs@bitwerf.nl', subject: 'Nieuwe open sollicitatie' });
    expect(JSON.stringify(notification)).not.toMatch(/ada@example\.com|Cv|CV|Word|kB/);
  });

  it('passes a failed delivery on as a result', async () => {
    sendMail.mockResolvedValue({ status: 'failed', code: 'ECONNECTION' });
    expect(await sendApplicationReceived(received())).toEqual({ status: 'failed', code: 'ECONNECTION' });
  });

  it('answers ETEMPLATE instead of throwing when a mail cannot be rendered, and logs no input', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await sendApplicationReceived(received({ withdrawUrl: 'javascript:alert(1)' }))).toEqual({
      status: 'failed',
      code: 'ETEMPLATE',
    });
    expect(sendMail).not.toHaveBeenCalled();
    expect(error.mock.calls.flat().join(' ')).not.toMatch(/Ada|ada@example\.com|javascript/);
    error.mockRestore();
  });
});
