import { getTranslations } from 'next-intl/server';

import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

import { GeneratedAvatar } from './generated-avatar';
import { teamMembers } from './team-members';

export async function Team() {
  const t = await getTranslations('about.team');
  return (
    <Container as="section" aria-labelledby="team-title" className="py-16 md:py-24">
      <SectionHeading id="team-title" eyebrow={t('eyebrow')} title={t('title')} intro={t('intro')} />
      <ul className="mt-12 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:mt-16 lg:grid-cols-4 lg:gap-6">
        {teamMembers.map(({ name, role }) => (
          <li key={name}>
            <article
              aria-label={name}
              className="flex items-center gap-4 rounded-3xl border border-line p-4 sm:flex-col sm:items-start sm:p-6"
            >
              <GeneratedAvatar name={name} className="size-16 shrink-0 sm:size-20" />
              <div>
                <h3 className="text-lg lg:text-xl">{name}</h3>
                <p className="mt-1 text-base text-muted">{t(`roles.${role}`)}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </Container>
  );
}
