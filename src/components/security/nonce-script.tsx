'use client';

import { useScriptNonce } from './use-script-nonce';

type NonceScriptProps = {
  id: string;
  /** The script's source, a constant: prerendered pages allow it by its hash. */
  code: string;
};

/**
 * An inline script that runs while the HTML is parsed, under the strict script policy: it carries
 * the page's nonce when the page is rendered per request; prerendered pages allow it by hash.
 */
export function NonceScript({ id, code }: NonceScriptProps) {
  const nonce = useScriptNonce();
  // The browser blanks the nonce attribute once parsed, so the client render differs on purpose.
  return <script id={id} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />;
}
