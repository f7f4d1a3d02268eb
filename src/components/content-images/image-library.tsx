import { getLocale, getTranslations } from 'next-intl/server';

import { markdownSnippet, publicVariantUrl } from '@/lib/content-images/public-url';
import type { ContentImage } from '@/lib/content-images/variants';

/**
 * The library: each image small, its size, and the Markdown line for each language to copy into a
 * text. The image just added (its hash from the upload's answer) comes first, marked as such.
 */
export async function ImageLibrary({ images: all, added }: { images: ContentImage[]; added?: string }) {
  const [t, locale] = await Promise.all([getTranslations('contentImages.list'), getLocale()]);
  const images = [...all].sort((a, b) => Number(b.contentHash === added) - Number(a.contentHash === added));
  return (
    <section aria-labelledby="library-title" className="mt-16">
      <h2 id="library-title" className="text-2xl">
        {t('title')}
      </h2>
      {images.length === 0 ? (
        <p className="mt-4 text-muted">{t('empty')}</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-10">
          {images.map((image) => {
            const smallest = image.variants[0];
            const largest = image.variants.at(-1);
            if (smallest === undefined || largest === undefined) return null;
            const largestUrl = publicVariantUrl(largest.path);
            return (
              <li key={image.contentHash} className="grid gap-4 md:grid-cols-[12rem_1fr]">
                {/* eslint-disable-next-line @next/next/no-img-element -- the variant is already resized WebP on a public bucket */}
                <img
                  src={publicVariantUrl(smallest.path)}
                  width={smallest.width}
                  height={smallest.height}
                  alt={locale === 'en' ? image.altEn : image.altNl}
                  loading="lazy"
                  decoding="async"
                  className="h-auto w-48 rounded-md border border-line"
                />
                <div className="flex min-w-0 flex-col gap-3">
                  <p className="text-sm text-muted">
                    {image.contentHash === added && <span className="mr-2 font-semibold text-fg">{t('added')}</span>}
                    {t('size', { width: image.width, height: image.height })}
                  </p>
                  {(
                    [
                      ['nl', t('snippetNl'), image.altNl],
                      ['en', t('snippetEn'), image.altEn],
                    ] as const
                  ).map(([lang, label, alt]) => {
                    const id = `snippet-${lang}-${image.contentHash.slice(0, 12)}`;
                    return (
                      <div key={lang}>
                        <label htmlFor={id} className="block text-sm font-semibold">
                          {label}
                        </label>
                        <input
                          id={id}
                          readOnly
                          value={markdownSnippet(alt, largestUrl)}
                          className="mt-1 w-full rounded-md border border-muted bg-page px-3 py-2 font-mono text-sm"
                        />
                      </div>
                    );
                  })}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
