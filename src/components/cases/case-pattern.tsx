import type { Sector } from '@/lib/content/frontmatter-schemas';

type Motif = 'route' | 'care' | 'home' | 'blocks';

/** The sectors with a motif of their own; the others share the blocks. */
const motifs: Partial<Record<Sector, Motif>> = { logistics: 'route', healthcare: 'care', housing: 'home' };

/**
 * A small abstract header for a case card without a logo, one motif per sector, drawn in the
 * theme's colours. Decorative: the card's text names the client and the work.
 */
export function CasePattern({ sector }: { sector: Sector }) {
  const motif = motifs[sector] ?? 'blocks';
  return (
    <svg viewBox="0 0 320 120" className="h-auto w-full" aria-hidden="true" focusable="false">
      <rect width="320" height="120" rx="20" className="fill-page" />
      {motif === 'route' && (
        <>
          <path
            d="M28 92 C 90 92, 80 32, 150 32 S 230 88, 292 40"
            fill="none"
            className="stroke-fg"
            strokeWidth="3"
            strokeDasharray="2 9"
            strokeLinecap="round"
          />
          <circle cx="28" cy="92" r="9" className="fill-fg" />
          <circle cx="150" cy="32" r="6" className="fill-fg" opacity="0.4" />
          <rect x="280" y="28" width="24" height="24" rx="6" className="fill-fg" />
        </>
      )}
      {motif === 'care' && (
        <>
          <circle cx="130" cy="60" r="34" fill="none" className="stroke-fg" strokeWidth="3" />
          <circle cx="190" cy="60" r="34" fill="none" className="stroke-fg" strokeWidth="3" opacity="0.4" />
          <path d="M160 50v20M150 60h20" className="stroke-fg" strokeWidth="4" strokeLinecap="round" />
        </>
      )}
      {motif === 'home' && (
        <>
          {[0, 1, 2, 3, 4].map((i) => (
            <g key={i} transform={`translate(${44 + i * 50} ${i % 2 ? 36 : 48})`} opacity={i === 2 ? 1 : 0.35}>
              <path d="M0 20 L18 4 L36 20 V56 H0Z" className="fill-fg" />
            </g>
          ))}
          <circle cx="162" cy="30" r="6" className="fill-badge" />
        </>
      )}
      {motif === 'blocks' && (
        <>
          {[0, 1, 2, 3].map((i) => (
            <rect
              key={i}
              x={70 + i * 48}
              y={i % 2 ? 34 : 50}
              width="36"
              height="36"
              rx="8"
              className="fill-fg"
              opacity={i === 1 ? 1 : 0.35}
            />
          ))}
        </>
      )}
    </svg>
  );
}
