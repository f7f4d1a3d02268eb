import { buttonClass } from '@/components/ui/button-styles';

/**
 * Sign-out as a plain POST to the route handler (no JavaScript needed, and the
 * full page load afterwards resets every client-side view of the user).
 */
export function SignOutForm({ action, label }: { action: string; label: string }) {
  return (
    <form method="post" action={action}>
      <button type="submit" className={buttonClass({ variant: 'secondary' })}>
        {label}
      </button>
    </form>
  );
}
