/**
 * How the account page names the linked factors, and what unlinking one means. The provider needs
 * a unique friendly name per factor (the enrolment makes one from the time, in UTC); people get
 * "Authenticator-app", numbered in the order the apps were linked when there are several, and a
 * phone by its masked number. The list is in linking order, apps and phones together.
 */
export type FactorLabel<F> = {
  factor: F;
  /** 1, 2, … among the factors of its type, in linking order; null when it is the only one of its type. */
  number: number | null;
  /** The factors that remain if this one is unlinked, in linking order. */
  others: F[];
};

export function labelFactors<F extends { id: string; created_at: string; factor_type: string }>(factors: readonly F[]): FactorLabel<F>[] {
  const ordered = [...factors].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  return ordered.map((factor) => {
    const sameType = ordered.filter((other) => other.factor_type === factor.factor_type);
    return {
      factor,
      number: sameType.length > 1 ? sameType.indexOf(factor) + 1 : null,
      others: ordered.filter((other) => other.id !== factor.id),
    };
  });
}
