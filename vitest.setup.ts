import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for what a render does after an event; beside the end-to-end tests on
// a 2-core machine (npm test) that can take longer than the library's default second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
