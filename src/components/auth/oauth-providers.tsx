import { getTranslations } from 'next-intl/server';

import { buttonClass } from '@/components/ui/button-styles';
import { withLocale } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routing';
import { oauthProviderNames } from '@/lib/auth/oauth/provider-name';
import { enabledOAuthProviders } from '@/lib/auth/oauth/providers';

type OAuthProvidersProps = { locale: Locale; next: string };

/**
 * One link per provider the project enables (nothing when none is): a plain link to the route
 * that starts the flow, so it works before and without scripts and leaves `form-action` alone.
 */
export async function OAuthProviders({ locale, next }: OAuthProvidersProps) {
  const providers = await enabledOAuthProviders();
  if (providers.length === 0) return null;
  const t = await getTranslations('auth.signIn');
  const name = await oauthProviderNames();
  return (
    <section aria-labelledby="oauth-providers" className="mt-8 border-t border-line pt-6">
      <h2 id="oauth-providers" className="text-base font-semibold">
        {t('providersLabel')}
      </h2>
      <ul className="mt-4 flex flex-col gap-3">
        {providers.map((provider) => (
          <li key={provider}>
            <a
              href={`${withLocale(`/auth/oauth/${provider}`, locale)}?next=${encodeURIComponent(next)}`}
              className={buttonClass({ variant: 'secondary', className: 'w-full' })}
            >
              {t('provider', { name: name(provider) })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
