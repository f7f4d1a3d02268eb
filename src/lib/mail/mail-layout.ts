import 'server-only';

import type { Locale } from '@/i18n/routing';

/**
 * The site's mails are written once, as blocks, and rendered twice: an HTML part and a plain-text
 * part that say the same thing, so a reader whose client shows only one misses nothing.
 *
 * The HTML is plain on purpose: no colours except the button's, so every client's light and dark
 * theme sets text and background (a client that inverts colours has nothing to get wrong), inline
 * styles only (many clients drop <style>), and one column that fits a phone.
 */
export type MailBlock =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'button'; label: string; url: string; fallback: string }
  | { kind: 'footnote'; text: string };

export type RenderedMail = { subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For text and for attribute values in double quotes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * A link a mail may carry: absolute http(s) only. The URLs come from the site's own code, so
 * anything else (`javascript:`, a relative path) is a bug, and a mail with a dead or dangerous
 * button must not go out.
 */
export function mailLink(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed === undefined || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new TypeError('A mail link must be an absolute http(s) URL');
  }
  return url;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const P = 'margin:0 0 16px;';
// The site's brand black with white text reads on light and dark backgrounds alike; the grey
// border keeps the button's edge visible on a dark one.
const BUTTON =
  'display:inline-block;padding:12px 20px;border:1px solid #8a8a8a;border-radius:6px;background-color:#1f1f1f;color:#ffffff;font-weight:600;text-decoration:none;';

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${P}">${block.lines.map(escapeHtml).join('<br>')}</p>`;
    case 'heading':
      return `<h2 style="margin:24px 0 8px;font-size:18px;line-height:1.3;">${escapeHtml(block.text)}</h2>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:24px;">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    case 'button': {
      const href = escapeHtml(mailLink(block.url));
      return [
        `<p style="margin:24px 0;"><a href="${href}" style="${BUTTON}">${escapeHtml(block.label)}</a></p>`,
        `<p style="${P}font-size:14px;">${escapeHtml(block.fallback)}<br><a href="${href}" style="word-break:break-all;">${escapeHtml(block.url)}</a></p>`,
      ].join('\n');
    }
    case 'footnote':
      return `<p style="margin:24px 0 0;font-size:14px;">${escapeHtml(block.text)}</p>`;
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.lines.join('\n');
    case 'heading':
      return block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'button':
      // The bare URL on its own line: plain-text clients make it clickable only when nothing touches it.
      return `${block.label}:\n${mailLink(block.url)}`;
    case 'footnote':
      return block.text;
  }
}

type MailParts = {
  locale: Locale;
  subject: string;
  blocks: MailBlock[];
  /**
   * The firm's legal identity, closing every mail: name, address, KvK number (art. 27
   * Handelsregisterwet 2007 asks for the KvK number on all outgoing business mail; art. 2:186 BW for
   * a bv's name and seat). Required here, so no mail can leave without it (copy review 3, F4).
   */
  company: string;
};

export function renderMail({ locale, subject, blocks, company }: MailParts): RenderedMail {
  const html = [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Tells clients the mail is fine in either theme, so they do not force-invert it.
    '<meta name="color-scheme" content="light dark">',
    '<meta name="supported-color-schemes" content="light dark">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    '<body style="margin:0;padding:0;">',
    `<div style="max-width:600px;margin:0 auto;padding:24px 16px;${FONT};font-size:16px;line-height:1.5;">`,
    ...blocks.map(blockHtml),
    `<p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #8a8a8a;font-size:13px;">${escapeHtml(company)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
  // A heading belongs to what follows it, so only a single line break separates the two.
  const text = `${blocks
    .map((block, index) => `${blockText(block)}${block.kind === 'heading' || index === blocks.length - 1 ? '\n' : '\n\n'}`)
    .join('')}\n--\n${company}\n`;
  return { subject, text, html };
}
