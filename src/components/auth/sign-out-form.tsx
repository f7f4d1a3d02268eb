/**
 * Sign-out as a plain POST to the route handler (no JavaScript needed, and the
 * full page load afterwards resets every client-side view of the user).
 */
export function SignOutForm({ action, label }: { action: string; label: string }) {
  return (
    <form method="post" action={action}>
      <button
        type="submit"
        className="inline-flex min-h-12 items-center rounded-full border border-fg px-7 py-3 text-base font-semibold hover:bg-fg hover:text-page"
      >
        {label}
      </button>
    </form>
  );
}
