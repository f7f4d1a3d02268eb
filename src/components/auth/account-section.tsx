import { useId, type ReactNode } from 'react';

import { Badge } from '@/components/ui/badge';

type AccountSectionProps = {
  title: string;
  intro?: string;
  /** A short status beside the title, e.g. "On"/"Off" for two-factor. */
  badge?: string;
  badgeOn?: boolean;
  children: ReactNode;
};

/** One card of the account page, labelled by its heading. */
export function AccountSection({ title, intro, badge, badgeOn = false, children }: AccountSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-raised p-6 sm:p-8">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={id} className="text-2xl">
          {title}
        </h2>
        {badge && (
          <Badge tone={badgeOn ? 'on' : 'done'} size="md">
            {badge}
          </Badge>
        )}
      </div>
      {intro && <p className="mt-2 max-w-2xl text-base text-muted">{intro}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
