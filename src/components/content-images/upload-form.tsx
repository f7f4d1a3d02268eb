import { FileField } from '@/components/forms/file-field';
import { FormMessage } from '@/components/forms/form-message';
import { TextField } from '@/components/forms/text-field';
import { buttonClass } from '@/components/ui/button-styles';
import type { ErrorTexts } from '@/i18n/error-texts';
import type { UploadErrorKey } from '@/lib/content-images/upload-image';
import { MAX_ALT_LENGTH } from '@/lib/content-images/upload-image';

type UploadFormProps = {
  /** The upload route, with the page's locale. */
  action: string;
  /** The last upload's error, from the page's query. */
  error: UploadErrorKey | undefined;
  added: boolean;
  /** The alt texts of the refused upload, to type nothing twice. */
  typed?: { altNl: string; altEn: string };
  errorTexts: ErrorTexts<UploadErrorKey>;
  texts: {
    title: string;
    image: string;
    imageHint: string;
    chooseAgain: string;
    altNl: string;
    altEn: string;
    altHint: string;
    submit: string;
    added: string;
  };
};

/** Alt text in each language, each field in its own language so screen readers read it right. */
const altFields = [
  { name: 'altNl', lang: 'nl' },
  { name: 'altEn', lang: 'en' },
] as const;

function fieldError<Field extends 'image' | 'altNl' | 'altEn'>(error: UploadErrorKey | undefined, field: Field) {
  return error?.startsWith(`${field}.`) ? error : undefined;
}

/**
 * A plain multipart form to the upload route, which answers with a redirect back here: it works
 * without JavaScript, and the outcome is said at the top of the form and at its field, which then
 * has the focus (autofocus, so also without JavaScript). After a refusal the alt texts are back
 * and the file field says to choose the file again (a browser never keeps it).
 */
export function UploadForm({ action, error, added, typed, errorTexts, texts }: UploadFormProps) {
  const formError = error?.startsWith('form.') ? errorTexts[error] : undefined;
  return (
    <section aria-labelledby="upload-title" className="max-w-2xl">
      <h2 id="upload-title" className="text-2xl">
        {texts.title}
      </h2>
      <form action={action} method="post" encType="multipart/form-data" noValidate className="mt-6 flex flex-col gap-6">
        {formError && (
          <FormMessage tone="error" role="alert">
            {formError}
          </FormMessage>
        )}
        {added && !error && (
          // The page is new after the redirect: focus starts on the outcome, not at the top.
          <div tabIndex={-1} autoFocus className="outline-offset-4">
            <FormMessage tone="success" role="status">
              {texts.added}
            </FormMessage>
          </div>
        )}
        <FileField
          id="content-image"
          name="image"
          label={texts.image}
          hint={texts.imageHint}
          accept="image/jpeg,image/png,image/webp,image/avif"
          required
          error={fieldError(error, 'image')}
          autoFocus={fieldError(error, 'image') !== undefined}
          chooseAgain={error && error !== 'image.missing' ? texts.chooseAgain : undefined}
          errorTexts={errorTexts}
        />
        {altFields.map(({ name, lang }) => (
          <TextField
            key={name}
            id={`content-image-alt-${lang}`}
            name={name}
            label={texts[name]}
            hint={texts.altHint}
            lang={lang}
            required
            maxLength={MAX_ALT_LENGTH}
            defaultValue={error ? typed?.[name] : undefined}
            error={fieldError(error, name)}
            autoFocus={fieldError(error, name) !== undefined}
            errorTexts={errorTexts}
          />
        ))}
        <button type="submit" className={buttonClass({ className: 'self-start' })}>
          {texts.submit}
        </button>
      </form>
    </section>
  );
}
