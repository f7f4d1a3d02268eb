// Where visitors fetch a variant: the public bucket's address on the project's public URL.

export const CONTENT_IMAGES_BUCKET = 'content-images';

/** The public Storage prefix of the bucket, e.g. "https://x.supabase.co/storage/v1/object/public/content-images/". */
export function contentImagesBaseUrl(projectUrl: string): string {
  return `${projectUrl.replace(/\/+$/, '')}/storage/v1/object/public/${CONTENT_IMAGES_BUCKET}/`;
}

/** The public URL of a variant, on the URL visitors' browsers use (NEXT_PUBLIC_SUPABASE_URL, never a server-only one). */
export function publicVariantUrl(path: string, projectUrl = process.env.NEXT_PUBLIC_SUPABASE_URL ?? ''): string {
  return `${contentImagesBaseUrl(projectUrl)}${path}`;
}

/** A Markdown image for a post: the alt text with Markdown's brackets escaped, and the largest variant. */
export function markdownSnippet(alt: string, url: string): string {
  return `![${alt.replace(/[\\[\]]/g, '\\$&')}](<${url}>)`;
}
