import 'server-only';

import { sectors } from '@/lib/content/frontmatter-schemas';
import { listContentImages } from '@/lib/content-images/library';
import { publicVariantUrl } from '@/lib/content-images/public-url';
import { SERVICE_KEYS, type ServiceKey } from '@/lib/services';

import { listEntries } from './read';
import type { CaseChoices, Editor } from './types';

type Labels = { sector: (key: (typeof sectors)[number]) => string; service: (key: ServiceKey) => string };

/**
 * What a case study's fields choose from: the sectors and the site's services (worded in the
 * page's language), the image library's pictures for the logo, and the other case studies and the
 * blog posts to relate. Read with the editor's own session; a list it cannot read is offered empty.
 */
export async function caseChoices(editor: Editor, entryId: string, labels: Labels): Promise<CaseChoices> {
  const [images, cases, posts] = await Promise.all([
    listContentImages(editor.supabase),
    listEntries(editor, { collection: 'cases' }),
    listEntries(editor, { collection: 'blog' }),
  ]);
  return {
    sectors: sectors.map((value) => ({ value, label: labels.sector(value) })),
    services: SERVICE_KEYS.map((value) => ({ value, label: labels.service(value) })),
    logos: (images ?? []).flatMap((image) => {
      const smallest = image.variants[0];
      return smallest ? [{ hash: image.contentHash, alt: { nl: image.altNl, en: image.altEn }, src: publicVariantUrl(smallest.path) }] : [];
    }),
    cases: (cases.ok ? cases.entries : [])
      .filter((entry) => entry.id !== entryId)
      .map((entry) => ({ value: entry.slug, label: entry.title || entry.slug })),
    posts: (posts.ok ? posts.entries : []).map((entry) => ({ value: entry.slug, label: entry.title || entry.slug })),
  };
}
