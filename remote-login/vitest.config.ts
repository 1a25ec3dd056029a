import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __PORTAL_BUILD_LABEL__: JSON.stringify('test') },
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
  },
});
