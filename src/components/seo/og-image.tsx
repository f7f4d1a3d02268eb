import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { ImageResponse } from 'next/og';

export const ogSize = { width: 1200, height: 630 };

// Poppins from the npm package, read from disk at build time: no network. Satori reads woff/ttf, not woff2.
function font(weight: 400 | 600) {
  return readFile(join(process.cwd(), `node_modules/@fontsource/poppins/files/poppins-latin-${weight}-normal.woff`));
}

const black = '#1F1F1F';
const light = '#FAFAFA';

/** The site's Open Graph card: the word mark, a page title and its description, on the brand black. */
export async function renderOgImage({ title, description }: { title: string; description: string }) {
  const [regular, semibold] = await Promise.all([font(400), font(600)]);
  return new ImageResponse(
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        width: '100%',
        height: '100%',
        padding: 72,
        background: black,
        color: light,
        fontFamily: 'Poppins',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <svg width="64" height="64" viewBox="0 0 28 28">
          <rect width="28" height="28" rx="7" fill={light} />
          <rect x="7" y="7" width="6" height="6" rx="1.5" fill={black} />
          <rect x="15" y="7" width="6" height="6" rx="1.5" fill={black} opacity="0.55" />
          <rect x="7" y="15" width="14" height="6" rx="1.5" fill={black} />
        </svg>
        <span style={{ fontSize: 44, fontWeight: 600, letterSpacing: -1 }}>bitwerf</span>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', maxWidth: 900 }}>
        <span style={{ fontSize: 72, fontWeight: 600, lineHeight: 1.1, letterSpacing: -1.5 }}>{title}</span>
        <span style={{ marginTop: 28, fontSize: 30, lineHeight: 1.35, opacity: 0.75 }}>{description}</span>
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 26, opacity: 0.75 }}>
        <span>bitwerf.nl</span>
        <span>Zwolle · NL</span>
      </div>
    </div>,
    {
      ...ogSize,
      fonts: [
        { name: 'Poppins', data: regular, weight: 400, style: 'normal' },
        { name: 'Poppins', data: semibold, weight: 600, style: 'normal' },
      ],
    },
  );
}
