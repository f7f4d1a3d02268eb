import { fill, type EditorTexts } from './texts';

/** How the page may look in a search engine's results: address, title and description, with their lengths. */
export function SearchPreview({
  title,
  description,
  lang,
  url,
  texts: t,
}: {
  title: string;
  description: string;
  lang: string;
  url: string;
  texts: EditorTexts['searchPreview'];
}) {
  return (
    <section aria-label={t.heading} className="grid gap-3">
      <h2 className="text-xl">{t.heading}</h2>
      <div className="grid gap-1 rounded-xl border border-line p-4">
        <p className="text-xs break-all text-muted">{url}</p>
        <p lang={lang} className="text-lg leading-snug font-semibold break-words text-fg underline-offset-2">
          {title || '—'}
        </p>
        <p lang={lang} className="text-sm break-words">
          {description || '—'}
        </p>
      </div>
      <ul className="grid gap-1 text-sm text-muted">
        <li>{fill(t.titleLength, { count: title.length })}</li>
        <li>{fill(t.descriptionLength, { count: description.length })}</li>
      </ul>
    </section>
  );
}
