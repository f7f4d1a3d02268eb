import type { ReactNode } from 'react';

type StaffTableProps = {
  /** The id of the heading that names the table: its scrolling box is announced by it. */
  labelledBy: string;
  /** The column headings, in order. */
  columns: readonly ReactNode[];
  /** Rows (`<tr>`), each with a bottom rule from `staffRowClass`. */
  children: ReactNode;
  /** Wide tables set a minimum width, so they scroll rather than squeeze on a phone. */
  className?: string;
};

/** The rule under every body row of a staff table. */
export const staffRowClass = 'border-b border-line';

/**
 * A table on the staff pages. It scrolls on its own on a phone instead of the page, in a box that
 * keyboard users can focus to scroll (WCAG 2.1.1) and that screen readers announce by the heading it
 * belongs to. A group, not a region: the section around it is already the landmark of that name.
 */
export function StaffTable({ labelledBy, columns, children, className = '' }: StaffTableProps) {
  return (
    <div className="mt-6 overflow-x-auto" role="group" aria-labelledby={labelledBy} tabIndex={0}>
      <table className={`w-full border-collapse text-left text-sm ${className}`}>
        <thead>
          <tr className="border-b border-line text-muted">
            {columns.map((column, index) => (
              <th key={index} scope="col" className="py-2 pr-4 font-semibold last:pr-0">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
