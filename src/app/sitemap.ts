import type { MetadataRoute } from 'next';
import { routing } from '@/i18n/routing';
import { navItems } from '@/lib/navigation-items';
import { localizedUrl } from '@/lib/seo/page-metadata';

/** Every public page in both languages, each with its language alternates. */
export default function sitemap(): MetadataRoute.Sitemap {
  return navItems
    .filter((item) => !item.external)
    .flatMap((item) =>
      routing.locales.map((locale) => ({
        url: localizedUrl(locale, item.src),
        alternates: {
          languages: Object.fromEntries(routing.locales.map((l) => [l, localizedUrl(l, item.src)])),
        },
      })),
    );
}
