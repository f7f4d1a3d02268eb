/**
 * How the account page names the linked authenticator apps, and what unlinking one means.
 * The provider needs a unique friendly name per factor (the enrolment makes one from the time,
 * in UTC); people get "Authenticator-app", numbered in the order the apps were linked when
 * there are several.
 */
export type FactorLabel<F> = {
  factor: F;
  /** 1, 2, … in linking order; null when it is the only app. */
  number: number | null;
  /** How many linked apps remain if this one is unlinked. */
  othersLeft: number;
};

export function labelFactors<F extends { created_at: string }>(factors: readonly F[]): FactorLabel<F>[] {
  const ordered = [...factors].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  return ordered.map((factor, index) => ({
    factor,
    number: ordered.length > 1 ? index + 1 : null,
    othersLeft: ordered.length - 1,
  }));
}
