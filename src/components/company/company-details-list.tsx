import type { CompanyDetails } from '@/lib/company/company-details-schema';

export type CompanyDetailsLabels = Record<'name' | 'legalName' | 'email' | 'securityEmail' | 'phone' | 'address' | 'kvk' | 'vatId', string>;

/** A version of the company details as the site shows them: the admin's preview of what a publication changes. */
export function CompanyDetailsList({ details, labels }: { details: CompanyDetails; labels: CompanyDetailsLabels }) {
  const rows: [string, string][] = [
    [labels.name, details.name],
    [labels.legalName, details.legalName],
    [labels.email, details.email],
    [labels.securityEmail, details.securityEmail],
    [labels.phone, details.phoneDisplay],
    [labels.address, `${details.address.street}, ${details.address.postcode} ${details.address.city}`],
    [labels.kvk, details.kvk],
    [labels.vatId, details.vatId],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[14rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-muted">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
