/** FNV-1a: a small, stable string hash, so a name always draws the same avatar on server and client. */
export function hashName(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** "Fatima El Amrani" → "FA": the first letters of the first and the last word. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

type GeneratedAvatarProps = { name: string; className?: string };

/**
 * A geometric portrait generated from a name: one of four motifs, turned and shaded by the
 * name's hash, with the initials on top. No photos, nothing fetched; decorative, because the
 * name is always printed beside it.
 */
export function GeneratedAvatar({ name, className = '' }: GeneratedAvatarProps) {
  const hash = hashName(name);
  const motif = hash % 4;
  const rotation = ((hash >>> 2) % 4) * 90;
  const accent = (hash >>> 4) % 5 === 0;
  const dark = (hash >>> 7) % 2 === 0;
  // On the dark variant the shapes are drawn in the page colour, on the light one in the text colour.
  const shape = dark ? 'fill-page' : 'fill-fg';

  return (
    <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false" className={className}>
      <rect width="96" height="96" rx="24" className={dark ? 'fill-fg' : 'fill-raised'} />
      <g transform={`rotate(${rotation} 48 48)`} opacity="0.22">
        {motif === 0 && <path d="M0 0h48a48 48 0 01-48 48zM96 96H48a48 48 0 0148-48z" className={shape} />}
        {motif === 1 &&
          [0, 1, 2, 3].map((i) => (
            <rect key={i} x={i * 26 - 4} y="-10" width="12" height="116" className={shape} transform="rotate(20 48 48)" />
          ))}
        {motif === 2 &&
          [0, 1, 2].flatMap((row) =>
            [0, 1, 2].map(
              (col) =>
                (row + col) % 2 === 0 && (
                  <rect key={`${row}-${col}`} x={8 + col * 28} y={8 + row * 28} width="24" height="24" rx="6" className={shape} />
                ),
            ),
          )}
        {motif === 3 &&
          [44, 30, 16].map((r) => (
            <circle key={r} cx="96" cy="96" r={r * 1.6} fill="none" strokeWidth="8" className={dark ? 'stroke-page' : 'stroke-fg'} />
          ))}
      </g>
      {accent && <circle cx="78" cy="18" r="6" className="fill-badge" />}
      <text x="48" y="58" textAnchor="middle" fontSize="30" fontWeight="600" className={dark ? 'fill-page' : 'fill-fg'}>
        {initialsOf(name)}
      </text>
    </svg>
  );
}
