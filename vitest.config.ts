import { defineConfig } from 'vitest/config';

// `npm test` runs the unit and e2e projects together; `npm run test:reliability` runs the long
// fuzz/soak/durability files apart (see docs/development.md).
//
// Vitest 3 runs the files of every project in ONE pool sized by the root `maxWorkers` (a project's
// own `fileParallelism`/`maxWorkers` is not honoured there). Unit and e2e files each use their own
// temporary HOME, data home, sockets and stub port, so they run side by side: most of their time is
// spent waiting on the processes they start (hooks, the CLI, Claude Code), so a few more workers
// than cores keeps both cores busy. The reliability files run one after another in a single fork
// (`singleFork` is honoured per project), as their concurrency tests start many processes at once.
export default defineConfig({
  test: {
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // A guard against hangs, not a duration check: generous, as files run side by side.
          testTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        // Against the real PostgreSQL on 127.0.0.1:5432 (the team store): each file in a database
        // and roles of its own (test/helpers/pg.ts), so files run side by side.
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['test/reliability/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
