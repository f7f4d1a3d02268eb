/**
 * The firm's services, as the home page lists them (home.services.items) and as a case study names
 * what was delivered. One list, so a case can only name a service the site describes.
 */
export const SERVICE_KEYS = ['custom', 'apps', 'cloud', 'ai'] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export const isServiceKey = (value: unknown): value is ServiceKey => SERVICE_KEYS.some((key) => key === value);
