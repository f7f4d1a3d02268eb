/**
 * The hero's illustration, drawn for this site: a code window, a phone with a live dashboard and a
 * field of bits between them. Inline SVG with the theme's colour tokens, so it follows dark mode,
 * costs no request and has fixed dimensions (no layout shift). Decorative: the heading says it all.
 */
export function HeroIllustration({ className = '' }: { className?: string }) {
  const bits = [
    [0, 0, 1],
    [1, 0, 0.35],
    [2, 0, 1],
    [3, 0, 0.15],
    [0, 1, 0.35],
    [1, 1, 1],
    [2, 1, 0.15],
    [3, 1, 0.35],
    [0, 2, 1],
    [1, 2, 0.15],
    [2, 2, 1],
    [3, 2, 1],
  ] as const;
  // Lines of code, each a row of [indent, width, opacity] segments.
  const codeRows = [
    [
      [0, 64, 1],
      [72, 96, 0.35],
    ],
    [
      [24, 120, 1],
      [152, 56, 0.35],
    ],
    [
      [24, 88, 0.35],
      [120, 72, 1],
    ],
    [[48, 136, 1]],
    [
      [24, 56, 0.35],
      [88, 64, 0.35],
    ],
    [[0, 40, 1]],
  ] as const;

  return (
    <svg viewBox="0 0 520 460" width="520" height="460" aria-hidden="true" focusable="false" className={className}>
      <rect x="8" y="24" width="504" height="412" rx="40" className="fill-raised" />

      {/* A field of bits, the firm's mark grown into a pattern. */}
      <g transform="translate(364 56)">
        {bits.map(([col, row, opacity]) => (
          <rect key={`${col}-${row}`} x={col * 28} y={row * 28} width="20" height="20" rx="5" className="fill-fg" opacity={opacity} />
        ))}
      </g>

      {/* The code window. */}
      <g transform="translate(48 96)">
        <rect width="300" height="224" rx="18" className="fill-page stroke-fg" strokeWidth="2" />
        <path d="M0 42h300" className="stroke-line" strokeWidth="2" />
        <circle cx="24" cy="21" r="6" className="fill-fg" />
        <circle cx="44" cy="21" r="6" className="fill-fg" opacity="0.35" />
        <circle cx="64" cy="21" r="6" className="fill-fg" opacity="0.15" />
        {codeRows.map((row, i) =>
          row.map(([x, width, opacity]) => (
            <rect key={`${i}-${x}`} x={28 + x} y={68 + i * 24} width={width} height="10" rx="5" className="fill-fg" opacity={opacity} />
          )),
        )}
      </g>

      {/* A connection from the code to the device: what is written, ships. */}
      <path
        d="M348 236 C 380 236, 372 280, 400 280"
        fill="none"
        className="stroke-fg"
        strokeWidth="2"
        strokeDasharray="4 6"
        strokeLinecap="round"
      />

      {/* The phone with a live dashboard. */}
      <g transform="translate(330 168)">
        <rect width="148" height="252" rx="26" className="fill-fg" />
        <rect x="10" y="12" width="128" height="228" rx="18" className="fill-page" />
        <rect x="54" y="20" width="40" height="6" rx="3" className="fill-fg" opacity="0.2" />
        <circle cx="30" cy="48" r="5" className="fill-badge" />
        <rect x="42" y="44" width="56" height="8" rx="4" className="fill-fg" opacity="0.35" />
        <text x="24" y="96" className="fill-fg" fontSize="28" fontWeight="600">
          98
        </text>
        <rect x="24" y="106" width="64" height="6" rx="3" className="fill-fg" opacity="0.2" />
        {[44, 64, 52, 84, 72, 100].map((h, i) => (
          <rect key={i} x={24 + i * 17} y={214 - h} width="11" height={h} rx="3" className="fill-fg" opacity={i === 5 ? 1 : 0.3} />
        ))}
      </g>

      {/* A "deployed" check beside the window. */}
      <g transform="translate(72 348)">
        <rect width="176" height="48" rx="24" className="fill-fg" />
        <circle cx="24" cy="24" r="12" className="fill-page" />
        <path d="M18 24.5l4 4 8-9" fill="none" className="stroke-fg" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="48" y="19" width="104" height="10" rx="5" className="fill-page" opacity="0.8" />
      </g>
    </svg>
  );
}
