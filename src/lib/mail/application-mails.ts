import 'server-only';

import { createTranslator } from 'next-intl';

import type { Locale } from '@/i18n/routing';
import type { AcceptedFileType, FileField } from '@/lib/applications/application-fields';
import type { CompanyDetails } from '@/lib/company/company-details-schema';
import { getMailEnv } from '@/lib/env/mail';
import { formatDateTime } from '@/lib/locale-format';
import { formatFileSize } from '@/lib/recruiting/display';
import { SITE_TIME_ZONE } from '@/lib/site-time-zone';

import { renderMail, type MailBlock, type RenderedMail } from './mail-layout';
import { sendMail, type MailResult } from './send-mail';
import en from '../../../public/locales/en/mail.json';
import nl from '../../../public/locales/nl/mail.json';

// Typed against the Dutch file, as every namespace is (src/i18n/messages.ts): a text missing
// from the English file is a compile error, not a fallback in a sent mail.
const messages: Record<Locale, typeof nl> = { nl, en };

function translator(locale: Locale) {
  return createTranslator({
    locale,
    messages: messages[locale],
    timeZone: SITE_TIME_ZONE,
    // A missing text or a bad placeholder must fail the tests, never go out as "mail.key".
    onError: (error) => {
      throw error;
    },
  });
}

/** The firm's legal identity, as published, as the footer of every mail (see renderMail). */
export function companyLine(locale: Locale, company: CompanyDetails): string {
  const { legalName, address, kvk, phoneDisplay, email } = company;
  return translator(locale)('company', {
    legalName,
    address: `${address.street}, ${address.postcode} ${address.city}`,
    kvk,
    phone: phoneDisplay,
    email,
  });
}

function signature(t: ReturnType<typeof translator>, company: CompanyDetails): MailBlock {
  return { kind: 'paragraph', lines: [t('closing'), t('team', { company: company.name })] };
}

/**
 * The confirmation goes to an address nobody has confirmed, so it carries no text the applicant
 * chose: no name (it greets without one) and no file name. Files are told by their field, the
 * type their bytes were found to be and their size, which the server measured.
 */
export type ApplicationReceivedInput = {
  locale: Locale;
  to: string;
  /** null: an open application. */
  vacancyTitle: string | null;
  files: { kind: FileField; contentType: AcceptedFileType; sizeBytes: number }[];
  talentPool: boolean;
  receivedAt: Date;
  withdrawUrl: string;
  withdrawUntil: Date;
  /** The published company details: who the mail is from, and its legal footer. */
  company: CompanyDetails;
};

/** The applicant's confirmation, in the language they applied in. Pure, for tests and previews. */
export function renderApplicationReceived(input: ApplicationReceivedInput): RenderedMail {
  const { locale, vacancyTitle, company } = input;
  const t = translator(locale);
  const receivedAt = formatDateTime(input.receivedAt.toISOString(), locale);
  const withdrawUntil = formatDateTime(input.withdrawUntil.toISOString(), locale);
  const files = input.files.map((file) =>
    t(file.kind === 'cv' ? 'applicationReceived.fileCv' : 'applicationReceived.fileExtra', {
      type: t(file.contentType === 'application/pdf' ? 'applicationReceived.typePdf' : 'applicationReceived.typeWord'),
      size: formatFileSize(file.sizeBytes, locale),
    }),
  );
  const blocks: MailBlock[] = [
    { kind: 'paragraph', lines: [t('applicationReceived.greeting')] },
    {
      kind: 'paragraph',
      lines: [
        vacancyTitle === null
          ? t('applicationReceived.introOpen', { receivedAt })
          : t('applicationReceived.introVacancy', { vacancyTitle, receivedAt }),
      ],
    },
    { kind: 'paragraph', lines: [t('applicationReceived.nextSteps')] },
    { kind: 'heading', text: t('applicationReceived.receivedHeading') },
    {
      kind: 'list',
      items: [
        vacancyTitle === null ? t('applicationReceived.applicationOpen') : t('applicationReceived.applicationVacancy', { vacancyTitle }),
        files.length === 0 ? t('applicationReceived.noFiles') : `${t('applicationReceived.files')} ${files.join(', ')}`,
        input.talentPool ? t('applicationReceived.talentPoolYes') : t('applicationReceived.talentPoolNo'),
      ],
    },
    { kind: 'heading', text: t('applicationReceived.retentionHeading') },
    {
      kind: 'paragraph',
      lines: [input.talentPool ? t('applicationReceived.retentionTalentPool') : t('applicationReceived.retentionDefault')],
    },
    { kind: 'heading', text: t('applicationReceived.withdrawHeading') },
    { kind: 'paragraph', lines: [t('applicationReceived.withdrawText', { withdrawUntil })] },
    { kind: 'button', label: t('applicationReceived.withdrawButton'), url: input.withdrawUrl, fallback: t('linkFallback') },
    signature(t, company),
    { kind: 'footnote', text: t('applicationReceived.notYou', { email: company.email }) },
  ];
  const subject = vacancyTitle === null ? t('applicationReceived.subjectOpen') : t('applicationReceived.subjectVacancy', { vacancyTitle });
  return renderMail({ locale, subject, blocks, company: companyLine(locale, company) });
}

export type ApplicationNotificationInput = {
  /** null: an open application. */
  vacancyTitle: string | null;
  /** The application on the staff pages. */
  applicationUrl: string;
  receivedAt: Date;
  company: CompanyDetails;
};

/**
 * The recruiting mailbox's notice. IMPORTANT: nothing about the applicant goes in, not even the
 * name, and no file: mail is kept and forwarded beyond the firm's control, the staff pages are
 * behind a second factor. Dutch, the firm's language; `locale` is there for the tests that keep
 * the English texts complete.
 */
export function renderApplicationNotification(input: ApplicationNotificationInput, locale: Locale = 'nl'): RenderedMail {
  const { vacancyTitle, company } = input;
  const t = translator(locale);
  const receivedAt = formatDateTime(input.receivedAt.toISOString(), locale);
  const blocks: MailBlock[] = [
    {
      kind: 'paragraph',
      lines: [
        vacancyTitle === null
          ? t('applicationNotification.introOpen', { receivedAt })
          : t('applicationNotification.introVacancy', { vacancyTitle, receivedAt }),
      ],
    },
    { kind: 'button', label: t('applicationNotification.viewButton'), url: input.applicationUrl, fallback: t('linkFallback') },
    { kind: 'paragraph', lines: [t('applicationNotification.privacy')] },
    { kind: 'footnote', text: t('applicationNotification.automatic', { company: company.name }) },
  ];
  const subject =
    vacancyTitle === null ? t('applicationNotification.subjectOpen') : t('applicationNotification.subjectVacancy', { vacancyTitle });
  return renderMail({ locale, subject, blocks, company: companyLine(locale, company) });
}

/**
 * A text or link that cannot be rendered is a bug, not a reason to fail the request that sends
 * the mail (the application is stored by then): it is logged by name, without its message, which
 * could quote the values, and reported like a failed delivery.
 */
function render(build: () => RenderedMail): RenderedMail | undefined {
  try {
    return build();
  } catch (error) {
    console.error(`[mail] not sent: ETEMPLATE (${error instanceof Error ? error.name : typeof error})`);
    return undefined;
  }
}

/** Sends the confirmation to the applicant. Never throws: see MailResult. */
export async function sendApplicationReceived(input: ApplicationReceivedInput): Promise<MailResult> {
  const mail = render(() => renderApplicationReceived(input));
  return mail === undefined ? { status: 'failed', code: 'ETEMPLATE' } : sendMail({ to: input.to, ...mail });
}

/** Tells RECRUITING_EMAIL that an application came in. Never throws: see MailResult. */
export async function sendApplicationNotification(input: ApplicationNotificationInput): Promise<MailResult> {
  const mail = render(() => renderApplicationNotification(input));
  if (mail === undefined) return { status: 'failed', code: 'ETEMPLATE' };
  let to = '';
  try {
    to = getMailEnv().recruitingEmail;
  } catch {
    // Left empty: sendMail reads the same settings first, logs what is missing and answers ECONFIG.
  }
  return sendMail({ to, ...mail });
}
