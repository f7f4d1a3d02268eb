/**
 * auth-js hands the enrolment QR code over as `data:image/svg+xml;utf-8,<svg…>`
 * with the markup unescaped. In an <img src> a `#` or `%` in that markup would
 * cut the image short, so the payload is percent-encoded. Anything that is not
 * an SVG data URL gives null, and no image is shown.
 */
export function qrImageSrc(dataUrl: string): string | null {
  const comma = dataUrl.indexOf(',');
  if (comma < 0 || !dataUrl.startsWith('data:image/svg+xml')) return null;
  const payload = dataUrl.slice(comma + 1);
  // Already encoded (a server that sends base64 or percent-encoded markup) stays as it is.
  if (!payload.trimStart().startsWith('<')) return dataUrl;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(payload)}`;
}
