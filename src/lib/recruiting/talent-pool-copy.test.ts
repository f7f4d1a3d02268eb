import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';

import { staffTalentPoolCopy, withdrawTalentPoolCopy } from './talent-pool-copy';
import enApplications from '../../../public/locales/en/applications.json';
import enRecruiting from '../../../public/locales/en/recruiting.json';
import nlApplications from '../../../public/locales/nl/applications.json';
import nlRecruiting from '../../../public/locales/nl/recruiting.json';

// Leaving only the talent pool keeps the application while its procedure runs, deletes it four
// weeks after the procedure ended, or deletes it at once: each page says which, before the click.

const withdrawT = (locale: 'nl' | 'en') =>
  createTranslator({
    locale,
    messages: { applications: locale === 'nl' ? nlApplications : enApplications },
    namespace: 'applications.withdraw',
  });
const staffT = (locale: 'nl' | 'en') =>
  createTranslator({ locale, messages: { recruiting: locale === 'nl' ? nlRecruiting : enRecruiting }, namespace: 'recruiting' });
const formatDate = () => '29 maart 2026 om 11.30 uur';

describe('the withdraw page says what leaving the talent pool does', () => {
  it('while the procedure runs: the application stays in the running', () => {
    const nl = withdrawTalentPoolCopy({ when: 'afterProcedure' }, 'nl', withdrawT('nl'));
    expect(nl.intro).toContain('Dan loopt je sollicitatie gewoon door.');
    expect(nl.leave).toBe('Alleen uit de talentpool gaan');
    expect(nl.done).toContain('Je sollicitatie loopt gewoon door');
    const en = withdrawTalentPoolCopy({ when: 'afterProcedure' }, 'en', withdrawT('en'));
    expect(en.intro).toContain('Your application then stays in the running');
    expect(en.done).toContain('four weeks after the recruitment process ends');
  });

  it('less than four weeks after the procedure: the day of deletion, in Amsterdam', () => {
    // 23.30 UTC on 28 March is already 29 March in Amsterdam.
    const exit = { when: 'on', date: '2026-03-28T23:30:00.000Z' } as const;
    const nl = withdrawTalentPoolCopy(exit, 'nl', withdrawT('nl'));
    expect(nl.intro).toContain('De procedure voor deze sollicitatie is al afgerond.');
    expect(nl.intro).toContain('dan verwijderen we je sollicitatie op 29 maart 2026, vier weken na het einde van de procedure.');
    expect(nl.done).toContain('We verwijderen je sollicitatie op 29 maart 2026');
    expect(nl.intro).not.toContain('gewoon door');
    const en = withdrawTalentPoolCopy(exit, 'en', withdrawT('en'));
    expect(en.intro).toContain('we delete your application on 29 March 2026, four weeks after the process ended.');
  });

  it('four weeks or more after the procedure: deleted at once, and the button says so', () => {
    const nl = withdrawTalentPoolCopy({ when: 'now' }, 'nl', withdrawT('nl'));
    expect(nl.intro).toContain('dan verwijderen we je sollicitatie meteen, met je cv en andere bestanden.');
    expect(nl.leave).toBe('Toestemming intrekken en verwijderen');
    expect(nl.pending).toBe('Bezig met verwijderen…');
    expect(nl.done).toBe(nl.deleted);
    const en = withdrawTalentPoolCopy({ when: 'now' }, 'en', withdrawT('en'));
    expect(en.intro).toContain('we delete your application straight away, with your CV and other files.');
    expect(en.leave).toBe('Withdraw consent and delete');
  });
});

describe('the staff page says what taking an application out of the talent pool does', () => {
  it('while the procedure runs: deleted four weeks after it ends', () => {
    const copy = staffTalentPoolCopy({ when: 'afterProcedure' }, formatDate, staffT('nl'));
    expect(copy.hint).toContain('vier weken nadat de procedure is afgerond');
    expect(copy.label).toBe('Uit de talentpool halen');
    expect(copy.left).toContain('wordt verwijderd vier weken nadat de procedure is afgerond');
  });

  it('less than four weeks after the procedure: the day, before and after the click', () => {
    const copy = staffTalentPoolCopy({ when: 'on', date: '2026-03-29T09:30:00.000Z' }, formatDate, staffT('nl'));
    expect(copy.hint).toContain('verwijdert de site haar op 29 maart 2026 om 11.30 uur');
    expect(copy.left).toBe('De sollicitatie staat niet meer in de talentpool en wordt verwijderd op 29 maart 2026 om 11.30 uur.');
    const en = staffTalentPoolCopy({ when: 'on', date: '2026-03-29T09:30:00.000Z' }, () => '29 March 2026 at 11:30', staffT('en'));
    expect(en.left).toBe('The application is no longer in the talent pool and will be deleted on 29 March 2026 at 11:30.');
  });

  it('four weeks or more after the procedure: the button deletes, and says it cannot be undone', () => {
    const copy = staffTalentPoolCopy({ when: 'now' }, formatDate, staffT('nl'));
    expect(copy.label).toBe('Uit de talentpool halen en verwijderen');
    expect(copy.hint).toContain('verwijdert de site haar meteen');
    expect(copy.hint).toContain('Dat kan niet ongedaan worden gemaakt.');
    expect(copy.confirm).toBe('Ja, verwijder deze sollicitatie met alle bestanden en notities. Dat kan niet ongedaan worden gemaakt.');
    expect(staffTalentPoolCopy({ when: 'on', date: '2026-03-29T09:30:00.000Z' }, formatDate, staffT('nl'))).not.toHaveProperty('confirm');
    expect(staffTalentPoolCopy({ when: 'now' }, formatDate, staffT('en')).label).toBe('Take out of the talent pool and delete');
  });
});
