import { vi } from 'vitest';

// The official suites are written for Jest; Vitest's `vi` has the parts they use (`fn`, `spyOn`).
Object.assign(globalThis, { jest: vi });
