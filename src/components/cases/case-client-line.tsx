import { getTranslations } from 'next-intl/server';

import type { CaseStudyFrontmatter } from '@/lib/content/frontmatter-schemas';

/** "Van der Vecht Logistiek · Logistiek · Zwolle": the client (or "anonymous client"), its sector and its place. */
export async function CaseClientLine({ client, className = '' }: { client: CaseStudyFrontmatter['client']; className?: string }) {
  const t = await getTranslations('cases');
  const name = client.anonymous || client.name === undefined ? t('anonymous') : client.name;
  return (
    <p className={`text-sm text-muted ${className}`}>
      <span className="font-semibold text-fg">{name}</span> · {[t(`sectors.${client.sector}`), client.place].filter(Boolean).join(' · ')}
    </p>
  );
}
