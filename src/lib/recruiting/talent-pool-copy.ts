import type { Locale } from '@/i18n/routing';
import { formatDay, todayInAmsterdam } from '@/lib/locale-format';

import type { TalentPoolExit } from './application-status';

// What leaving only the talent pool does, in the words of the page that offers it: the application
// stays in the running, is deleted on the day four weeks after its procedure ended, or is deleted at
// once (copy review 3, F2). Said before the click and after it, on the applicant's withdraw page and
// on the staff page. The translators are next-intl's, scoped to the page's namespace.

type Case = 'running' | 'endedRecently' | 'ended';

const caseOf = (exit: TalentPoolExit): Case =>
  exit.when === 'afterProcedure' ? 'running' : exit.when === 'on' ? 'endedRecently' : 'ended';

type WithdrawT = (key: `talentPool.${Case}.${'intro' | 'leave' | 'pending' | 'done'}`, values?: { date: string }) => string;

/** The withdraw page's talent-pool block (applications.withdraw); `deleted` when the application went with the consent. */
export function withdrawTalentPoolCopy(exit: TalentPoolExit, locale: Locale, t: WithdrawT) {
  const key = caseOf(exit);
  // The applicant sees the calendar day in Amsterdam, as for the day the application arrived.
  const date = exit.when === 'on' ? formatDay(todayInAmsterdam(new Date(exit.date)), locale) : '';
  return {
    intro: t(`talentPool.${key}.intro`, { date }),
    leave: t(`talentPool.${key}.leave`),
    pending: t(`talentPool.${key}.pending`),
    done: t(`talentPool.${key}.done`, { date }),
    deleted: t('talentPool.ended.done'),
  };
}

type StaffT = (
  key:
    | `rights.leaveHint.${Case}`
    | 'rights.leave'
    | 'rights.leaveAndDelete'
    | 'rights.leavePending'
    | 'rights.deletePending'
    | 'rights.leftOn'
    | 'rights.confirm'
    | 'notices.talentPoolLeft',
  values?: { date: string },
) => string;

/**
 * The staff page's talent-pool button (recruiting): the hint before the click, the label, and the
 * notice after it. When the weeks are past, the action deletes and leads to the list, which says so.
 */
export function staffTalentPoolCopy(exit: TalentPoolExit, formatDate: (iso: string) => string, t: StaffT) {
  if (exit.when === 'now') {
    // It deletes: the same box to tick as a deletion on request (copy review 3, S9).
    return {
      hint: t('rights.leaveHint.ended'),
      label: t('rights.leaveAndDelete'),
      pending: t('rights.deletePending'),
      confirm: t('rights.confirm'),
      left: '',
    };
  }
  if (exit.when === 'on') {
    const date = formatDate(exit.date);
    return {
      hint: t('rights.leaveHint.endedRecently', { date }),
      label: t('rights.leave'),
      pending: t('rights.leavePending'),
      left: t('rights.leftOn', { date }),
    };
  }
  return {
    hint: t('rights.leaveHint.running'),
    label: t('rights.leave'),
    pending: t('rights.leavePending'),
    left: t('notices.talentPoolLeft'),
  };
}
