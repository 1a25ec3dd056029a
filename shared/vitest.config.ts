import { defineConfig } from 'vitest/config';

// jsdom everywhere: storage, cookies and the UI primitives all need a browser-like window.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
  },
});
