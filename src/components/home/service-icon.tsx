import type { ServiceKey } from '@/lib/services';

// 24px line icons, one per service, drawn in the current text colour.
const paths: Record<ServiceKey, string> = {
  custom: 'M8 7l-5 5 5 5M16 7l5 5-5 5M13.5 5l-3 14',
  apps: 'M3 5.5A1.5 1.5 0 014.5 4h11A1.5 1.5 0 0117 5.5V9M3 8h14M3 5.5v10A1.5 1.5 0 004.5 17H11M15 11h5a1 1 0 011 1v8a1 1 0 01-1 1h-5a1 1 0 01-1-1v-8a1 1 0 011-1zM17 18.5h1',
  cloud: 'M7 18a4 4 0 01-.6-7.96A6 6 0 0118 9a4.5 4.5 0 01-.5 9H7zM9 14.5l2 2 4-4',
  ai: 'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9L12 3zM18.5 15l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8.8-2.2z',
};

export function ServiceIcon({ service }: { service: ServiceKey }) {
  return (
    <svg viewBox="0 0 24 24" className="size-7" aria-hidden="true" focusable="false">
      <path d={paths[service]} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
