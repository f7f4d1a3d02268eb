// The auth forms' length limits, apart from validation.ts so that client components can show them
// without bundling zod.

/** Our own minimum; the provider's is 6. Longer than GoTrue's 72-byte bcrypt limit is refused there. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;
/** RFC 5321's limit for a whole address; longer input is refused before any pattern runs on it. */
export const MAX_EMAIL_LENGTH = 320;
