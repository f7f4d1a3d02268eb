type SectionHeadingProps = {
  /** Id of the <h2>, so the surrounding <section> can be labelled by it. */
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  className?: string;
};

/** The opening of a page section: a small label, its <h2> and an optional introduction. */
export function SectionHeading({ id, eyebrow, title, intro, className = '' }: SectionHeadingProps) {
  return (
    <div className={`max-w-3xl ${className}`}>
      {eyebrow && <p className="mb-3 text-sm font-semibold tracking-widest text-muted uppercase">{eyebrow}</p>}
      <h2 id={id} className="text-3xl md:text-4xl lg:text-5xl">
        {title}
      </h2>
      {intro && <p className="mt-5 text-muted">{intro}</p>}
    </div>
  );
}
