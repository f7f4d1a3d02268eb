import { hasLocale } from 'next-intl';

import { withLocale } from '@/i18n/locale-path';
import { routing, type Locale } from '@/i18n/routing';
import { MAX_IMAGE_BYTES } from '@/lib/content-images/process-image';
import { readUploadForm, uploadContentImage, type UploadErrorKey } from '@/lib/content-images/upload-image';
import { isSameOriginRequest } from '@/lib/request/same-origin';
import { createAdminClient } from '@/lib/supabase/admin';
import { createClient } from '@/lib/supabase/server';

import { forgetTypedAltTexts, keepTypedAltTexts } from './typed-alt-texts';

const LIBRARY_PATH = '/account/content/images';
/** Room for the multipart boundaries and the two alt texts around a file of the largest size. */
const MAX_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

/**
 * The image library's upload form posts here (multipart, with or without JavaScript) and is sent
 * back to the library with the outcome in the query: `?added=<hash>` or `?error=<key>`. A route
 * handler rather than a server action, whose body limit (1 MB) is below an image's 5 MB; the body
 * is refused by its declared length before it is read. Postgres decides who may, with the editor's
 * own session; the image is stored in their name. A refused upload hands the typed alt texts back to the form
 * (typed-alt-texts.ts).
 */
export async function POST(request: Request) {
  if (!isSameOriginRequest(request.headers)) return new Response(null, { status: 403 });
  const url = new URL(request.url);
  const localeParam = url.searchParams.get('locale');
  const locale: Locale = hasLocale(routing.locales, localeParam) ? localeParam : routing.defaultLocale;
  // A relative Location: the request's own URL may name another host than the browser used (a proxy,
  // localhost for 127.0.0.1), and the session cookies belong to the one the browser used.
  const back = (query: string, cookie: string) =>
    new Response(null, { status: 303, headers: { Location: `${withLocale(LIBRARY_PATH, locale)}?${query}`, 'Set-Cookie': cookie } });
  const failed = (key: UploadErrorKey, form?: FormData) => back(`error=${key}`, keepTypedAltTexts(form, locale));

  const length = Number(request.headers.get('content-length'));
  if (!Number.isSafeInteger(length) || length <= 0) return new Response(null, { status: 411 });
  if (length > MAX_BODY_BYTES) return failed('image.tooLarge');

  // The editor's own session decides whether they may; the service role then writes, as nothing
  // else may reach the bucket or the library (the pipeline below is the only way in).
  const supabase = await createClient();
  const allowed = await supabase.rpc('has_staff_role', { wanted: 'content' });
  const { data: claims } = await supabase.auth.getClaims();
  const editorId = claims?.claims.sub;
  if (allowed.data !== true || typeof editorId !== 'string') return failed('form.forbidden');

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failed('image.missing');
  }
  const upload = readUploadForm(form);
  if ('error' in upload) return failed(upload.error, form);
  const outcome = await uploadContentImage(createAdminClient(), editorId, upload);
  return outcome.ok ? back(`added=${outcome.image.content_hash}`, forgetTypedAltTexts(locale)) : failed(outcome.error, form);
}
