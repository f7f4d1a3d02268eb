import type { ReactNode } from 'react';

/** Label/value pairs of one record (a contact message, an application), as a description list. */
export function DetailList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold tracking-wide text-muted uppercase sm:pt-1">{label}</dt>
          <dd className="mb-3 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
