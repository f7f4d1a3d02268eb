/**
 * The text of an MFA SMS or WhatsApp message: GoTrue's `generateSMSFromTemplate`, which runs the
 * configured Go text/template (`[auth.mfa.phone] template`) with `{ Code }` as its only data.
 * Only `{{ .Code }}` (with or without the spaces) is rendered here; a template using any other
 * syntax (trim markers, functions, other fields) is refused when the backend starts, because it
 * could render differently in Go. text/template escapes nothing, so neither does this.
 */

const CODE = /\{\{\s*\.Code\s*\}\}/;

export type SmsTemplate = (code: string) => string;

export function parseSmsTemplate(source: string): SmsTemplate {
  const pieces = source.split(new RegExp(CODE.source, 'g'));
  if (pieces.some((piece) => piece.includes('{{'))) {
    throw new Error(`MFA phone template "${source}": only {{ .Code }} can be rendered (see local-supabase/README.md)`);
  }
  return (code) => pieces.join(code);
}
