import type { FormError } from '@/i18n/error-texts';

import type { IdentityCheck, SubjectCounts, SubjectData } from './subject-data';

/** The rights page's answers, shared by its server actions and its form. */
export type RightsSummary = {
  counts: SubjectCounts;
  staffActions: SubjectData['staffActions'];
  staffRoles: string[];
};

export type RightsLookupError = 'invalidEmail' | 'lookupFailed';
export type RightsEraseError = 'identityUnchecked' | 'unconfirmed' | 'ownAccount' | 'staffAccount' | 'eraseFailed';

export type RightsAnswer = {
  /** The address looked up, and what is stored about it. */
  email?: string;
  summary?: RightsSummary;
  error?: FormError<RightsLookupError>;
  /** What was typed, when it was refused, so it comes back in the field. */
  typed?: string;
};

/** The erase form's answer: a new object each time, so a repeated refusal is said again. */
export type EraseAnswer = {
  eraseError?: RightsEraseError;
  /** How the admin said the request was checked, so a refusal for another reason keeps the choice. */
  identity?: IdentityCheck;
  /** The address whose data was just erased. */
  erased?: string;
};
