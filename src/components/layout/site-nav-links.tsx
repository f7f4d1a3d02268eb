import { getLocale, getTranslations } from 'next-intl/server';

import { withLocale } from '@/i18n/locale-path';
import { navItems } from '@/lib/navigation-items';

import { NavLink } from './nav-link';

type Variant = 'header' | 'drawer' | 'footer';

const styles: Record<Variant, { list: string; link: string; active: string; badge: string }> = {
  header: {
    list: 'flex items-center gap-8',
    link: 'font-normal',
    active: 'font-semibold',
    badge: 'text-[0.55rem]',
  },
  drawer: {
    list: 'flex flex-col gap-6',
    link: 'text-4xl font-semibold sm:text-5xl',
    active: '',
    badge: 'text-xs',
  },
  footer: {
    list: 'flex flex-col gap-3',
    link: '',
    active: 'font-semibold',
    badge: 'text-[0.55rem]',
  },
};

/** The spec §2 navigation, rendered for the header, the drawer or the footer. */
export async function SiteNavLinks({ variant }: { variant: Variant }) {
  const t = await getTranslations('common');
  const locale = await getLocale();
  const style = styles[variant];
  return (
    <ul className={style.list}>
      {navItems.map((item) => (
        <li key={item.key}>
          {item.external ? (
            // Same tab on purpose (spec §2), and no referrer is sent to the other site.
            <a href={item.src} rel="noreferrer" className={`underline-link inline-flex items-center gap-2 ${style.link}`}>
              {t(`nav.${item.key}`)}{' '}
              {item.isSpecial && (
                <span className={`rounded-sm bg-badge px-1.5 py-0.5 leading-none font-semibold tracking-wide text-white ${style.badge}`}>
                  {t('header.newBadge')}
                </span>
              )}{' '}
              <span className="sr-only">{t('header.externalHint')}</span>
            </a>
          ) : (
            <NavLink target={item.src} href={withLocale(item.src, locale)} className={style.link} activeClassName={style.active}>
              {t(`nav.${item.key}`)}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}
