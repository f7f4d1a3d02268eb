/** A GET as the Lighthouse runs make it (the same Accept-Language, so both measure the same page); a status other than 2xx throws. */
export async function fetchOk(url: string, acceptLanguage: string): Promise<Response> {
  const res = await fetch(url, { headers: { 'Accept-Language': acceptLanguage }, signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`GET ${url} → ${res.status}`);
  return res;
}
