import { getTranslations } from 'next-intl/server';

import { exitPreviewPath } from '@/lib/content/preview-paths';

/**
 * Shown on a page in draft mode only, so content staff know they are not seeing what visitors see.
 * No client code: leaving is a plain link to the route that ends draft mode.
 */
export async function PreviewBar({ path }: { path: string }) {
  const t = await getTranslations('preview');
  return (
    <aside aria-label={t('label')} className="sticky top-0 z-50 bg-fg text-page">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-base">
        <span>{t('text')}</span>
        <a href={exitPreviewPath(path)} className="underline-link font-semibold">
          {t('exit')}
        </a>
      </p>
    </aside>
  );
}
