import { defineConfig } from 'vitest/config';

// The server (node, real database per test file); the screen renderer, the player and the web app (happy-dom).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: './packages/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          // Test files share one module graph: each still builds its own app on its own database,
          // and no test changes module state another relies on; this halves the suite's CPU time
          // (8 files: 82 → 40 s of CPU; the whole suite: 12.8 → 5.7 min).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'screen',
          root: './packages/screen',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'player',
          root: './packages/player',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'web',
          root: './packages/web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // page tests render the whole antd page; on a loaded 2-core CI lane 5 s was not always enough
          testTimeout: 20_000,
        },
      },
    ],
  },
});
