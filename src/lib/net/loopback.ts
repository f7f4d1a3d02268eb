/** Whether a URL names this machine: the embedded backend, or `supabase start`. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const { hostname } = new URL(url);
    return hostname === '127.0.0.1' || hostname === '[::1]' || hostname === 'localhost' || hostname.endsWith('.localhost');
  } catch {
    return false;
  }
}
