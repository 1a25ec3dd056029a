import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Test files share one module graph per worker (each file loading its own was most of the
    // suite's time); every test starts its own servers and state.
    isolate: false,
    include: ['test/**/*.test.ts'],
    // Builds release/dist once: some tests run the tool as separate processes (test/globalSetup.ts).
    globalSetup: ['test/globalSetup.ts'],
    environment: 'node',
    testTimeout: 15000,
  },
});
