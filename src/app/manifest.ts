import type { MetadataRoute } from 'next';

/** The web manifest: the brand colours and icons for browsers that install or pin the site. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Bitwerf – software op maat uit Zwolle',
    short_name: 'Bitwerf',
    description: 'Bitwerf bouwt maatwerksoftware, web- en mobiele apps en cloudoplossingen.',
    lang: 'nl',
    start_url: '/',
    display: 'standalone',
    background_color: '#FAFAFA',
    theme_color: '#1F1F1F',
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/apple-icon.png', sizes: '180x180', type: 'image/png' },
    ],
  };
}
