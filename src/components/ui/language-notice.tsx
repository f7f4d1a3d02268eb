/** Says that the item below is only written in another language; the page's locale has no version. */
export function LanguageNotice({ text }: { text: string }) {
  return (
    <p role="note" className="mb-8 rounded-xl border border-line bg-raised px-5 py-4 text-base">
      <span aria-hidden="true" className="mr-2">
        ⓘ
      </span>
      {text}
    </p>
  );
}
