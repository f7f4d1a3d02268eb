import { LocalizedLink } from '@/components/ui/localized-link';

type ListHeadingProps = { id: string; title: string; href: string; all: string };

/** A home section that shows the first few of a list: its <h2>, with the way to the whole list beside it. */
export function ListHeading({ id, title, href, all }: ListHeadingProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <h2 id={id} className="text-3xl md:text-4xl">
        {title}
      </h2>
      <LocalizedLink href={href} className="underline-link text-base font-semibold">
        {all} →
      </LocalizedLink>
    </div>
  );
}
