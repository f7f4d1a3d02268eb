import type { PassagePart } from '@/lib/search/highlight';

/** A result's passage as text, with the matched words in <mark>. Never parsed as HTML. */
export function HighlightedPassage({ parts }: { parts: PassagePart[] }) {
  return (
    <p className="mt-3 text-muted">
      {parts.map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-fg px-0.5 text-page">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
