import type { DocumentStatus } from '@/lib/content-editor/status';

const marks: Record<DocumentStatus | 'missing', string> = { draft: '○', scheduled: '◷', published: '●', changed: '◐', missing: '–' };

/** A language's status as a pill; a mark beside the word, so it does not rest on colour. */
export function ContentStatusBadge({ status, label }: { status: DocumentStatus | 'missing'; label: string }) {
  const live = status === 'published' || status === 'changed';
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        live ? 'border-fg text-fg' : 'border-line text-muted'
      }`}
    >
      <span aria-hidden="true">{marks[status]}</span>
      <span>{label}</span>
    </span>
  );
}
