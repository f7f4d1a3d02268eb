import { getTranslations } from 'next-intl/server';

/** "Open" or "Handled", as a pill that does not rely on colour alone. */
export async function StatusBadge({ handled }: { handled: boolean }) {
  const t = await getTranslations('inbox.status');
  return (
    <span
      className={`inline-flex items-center gap-1.5 self-start justify-self-start rounded-full border px-2.5 py-0.5 text-xs font-semibold ${
        handled ? 'border-line text-muted' : 'border-fg text-fg'
      }`}
    >
      <span aria-hidden="true">{handled ? '✓' : '●'}</span>
      <span>{handled ? t('handled') : t('open')}</span>
    </span>
  );
}
