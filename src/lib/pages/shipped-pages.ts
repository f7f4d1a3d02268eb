import type { Messages } from '@/i18n/messages';
import type { AboutPageFrontmatter, HomePageFrontmatter } from '@/lib/content/frontmatter-schemas';

import { teamMembers } from './team-members';

/*
 * The home and about pages' texts as the site shipped them in its messages (public/locales), as
 * documents. They are the first published version the import writes (scripts/lib/content-import.ts),
 * and what the pages render when the backend cannot be read, so a page never shows less than it did.
 */

export function shippedHomePage(home: Messages['home']): HomePageFrontmatter {
  const { hero, services, cases, closing } = home;
  return {
    title: home.meta.title,
    description: home.meta.description,
    hero: {
      eyebrow: hero.eyebrow,
      title: hero.title,
      intro: hero.intro,
      cta: hero.cta,
      secondary: hero.secondary,
      highlights: [...hero.highlights],
    },
    services: {
      eyebrow: services.eyebrow,
      title: services.title,
      intro: services.intro,
      texts: {
        custom: services.items.custom.text,
        apps: services.items.apps.text,
        cloud: services.items.cloud.text,
        ai: services.items.ai.text,
      },
    },
    // No choice: the newest three, as the page showed before it could choose.
    cases: { eyebrow: cases.eyebrow, title: cases.title, intro: cases.intro, shown: [] },
    closing: { title: closing.title, text: closing.text, cta: closing.cta },
  };
}

/** The about page's commitments in the order the page numbers them. */
const APPROACH = ['honest', 'craft', 'ownership', 'sustainable'] as const;

export function shippedAboutPage(about: Messages['about']): AboutPageFrontmatter {
  const { intro, story, values, team } = about;
  return {
    title: about.meta.title,
    description: about.meta.description,
    intro: { title: intro.title, text: intro.text },
    story: { eyebrow: story.eyebrow, title: story.title, paragraphs: [...story.paragraphs] },
    approach: {
      eyebrow: values.eyebrow,
      title: values.title,
      items: APPROACH.map((key) => ({ title: values.items[key].title, text: values.items[key].text })),
    },
    team: {
      eyebrow: team.eyebrow,
      title: team.title,
      intro: team.intro,
      members: teamMembers.map(({ name, role }) => ({ name, role: team.roles[role] })),
    },
  };
}
