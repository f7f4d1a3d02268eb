import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';

import { SiteCapsPanel } from '@/components/staff/site-caps-panel';
import { siteCaps, type SiteCapTrip, type SiteCapUse } from '@/lib/site-caps';

import en from '../../../public/locales/en/staff.json';
import nl from '../../../public/locales/nl/staff.json';

const used: Record<SiteCapUse['bucket'], number> = {
  'contact-site': 4,
  'application-site': 100,
  'application-upload-mib': 1234,
  'application-draft-site': 0,
};
const caps: SiteCapUse[] = siteCaps().map((cap) => ({ ...cap, used: used[cap.bucket] }));
const trips: SiteCapTrip[] = [
  { bucket: 'application-site', minute: '2026-11-26T13:05:00Z', lastAt: '2026-11-26T13:05:40Z', refusals: 37, limit: 100 },
];

function renderIn(locale: 'nl' | 'en', state: Parameters<typeof SiteCapsPanel>[0]['state']) {
  render(
    <NextIntlClientProvider locale={locale} messages={{ staff: locale === 'nl' ? nl : en }} timeZone="Europe/Amsterdam">
      <SiteCapsPanel state={state} locale={locale} />
    </NextIntlClientProvider>,
  );
}

describe('the site-wide limits on the staff page', () => {
  it("shows each cap's use this hour against its limit, marks the one reached, and lists when it refused whom", () => {
    renderIn('en', { caps, trips });
    const region = screen.getByRole('region', { name: 'Site-wide limits' });
    const [usage, refusals] = within(region).getAllByRole('table');
    expect(within(usage!).getByRole('row', { name: /Contact messages 4 of 100$/ })).toBeVisible();
    expect(within(usage!).getByRole('row', { name: 'Applications 100 of 100 Reached' })).toBeVisible();
    expect(within(usage!).getByRole('row', { name: /Uploaded files \(MiB\) 1,234 of 1,000 Reached/ })).toBeVisible();
    expect(within(usage!).getByRole('row', { name: /Forms kept for a retry \(no JavaScript\) 0 of 300$/ })).toBeVisible();
    expect(within(refusals!).getByRole('row', { name: '26 Nov 2026, 14:05 Applications 100 37' })).toBeVisible();
  });

  it('reads in Dutch, and says so when nothing was refused', () => {
    renderIn('nl', { caps, trips: [] });
    const region = screen.getByRole('region', { name: 'Limieten voor de hele site' });
    expect(within(region).getByRole('row', { name: 'Sollicitaties 100 van 100 Bereikt' })).toBeVisible();
    expect(within(region).getByRole('row', { name: /Geüploade bestanden \(MiB\) 1\.234 van 1\.000 Bereikt/ })).toBeVisible();
    expect(within(region).getByText('Geen limiet heeft de afgelopen dertig dagen iemand geweigerd.')).toBeVisible();
  });

  it('says when the limits could not be read, instead of showing none reached', () => {
    renderIn('en', null);
    expect(screen.getByRole('alert')).toHaveTextContent('The limits could not be loaded.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
