import { getTranslations } from 'next-intl/server';

import { SelectField } from '@/components/forms/select-field';
import { buttonClass } from '@/components/ui/button-styles';
import { LocalizedLink } from '@/components/ui/localized-link';
import type { CaseFilters } from '@/lib/content/case-filters';
import type { Choice } from '@/lib/content-editor/types';

type CaseFiltersFormProps = {
  /** The list page in the visitor's language. */
  action: string;
  filters: CaseFilters;
  /** The sectors and services the cases in this language have, worded. */
  sectors: Choice[];
  services: Choice[];
};

/**
 * The list's filters as a plain GET form: it works without JavaScript, and every filtered list has
 * an address of its own to link to and to come back to.
 */
export async function CaseFiltersForm({ action, filters, sectors, services }: CaseFiltersFormProps) {
  const t = await getTranslations('cases.filters');
  const filtered = filters.sector !== undefined || filters.service !== undefined;
  return (
    <form
      action={action}
      method="get"
      aria-label={t('label')}
      className="flex flex-col gap-4 rounded-2xl border border-line p-4 sm:flex-row sm:flex-wrap sm:items-end md:p-6"
    >
      <SelectField id="case-sector" name="sector" label={t('sector')} defaultValue={filters.sector ?? ''} className="sm:min-w-48 sm:flex-1">
        <option value="">{t('allSectors')}</option>
        {sectors.map((sector) => (
          <option key={sector.value} value={sector.value}>
            {sector.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="case-service"
        name="service"
        label={t('service')}
        defaultValue={filters.service ?? ''}
        className="sm:min-w-48 sm:flex-1"
      >
        <option value="">{t('allServices')}</option>
        {services.map((service) => (
          <option key={service.value} value={service.value}>
            {service.label}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <button type="submit" className={buttonClass({ size: 'md' })}>
          {t('submit')}
        </button>
        {filtered && (
          <LocalizedLink href="/cases" className="underline-link text-base font-semibold">
            {t('reset')}
          </LocalizedLink>
        )}
      </div>
    </form>
  );
}
