import { defineConfig } from 'vitest/config';

// `npm test` runs the unit, integration and e2e projects together; `npm run test:reliability` runs the
// long fuzz/soak/durability files apart (see docs/development.md).
//
// - unit: in-process tests of modules and handlers (real SQLite, real files). Starting a process
//   there throws (test/helpers/no-process.ts): such a test belongs in integration.
// - integration: tests that start processes (the built hook, the CLI, the warm server, the worker),
//   and the team store against the real PostgreSQL on 127.0.0.1:5432 (each file in a database and
//   roles of its own, test/helpers/pg.ts, so files run side by side).
// - e2e: the real Claude Code CLI against the local API stub; reliability: long concurrency runs.
//
// Vitest runs the files of every project in ONE pool sized by the root `maxWorkers`. Every file
// uses its own temporary HOME, data home, sockets and stub port, so files run side by side; most of
// the integration and e2e time is spent waiting on processes, so a few more workers than cores keeps
// the cores busy. Timeouts guard against hangs only and are sized for a machine 5x slower than the
// 2-core development machine under load; no test asserts a duration. A test may block its worker for
// a long time (a CLI run through spawnSync on a loaded machine): Vitest 4's worker channel has no
// timeout, so that is never reported as an error (Vitest 3's was 60 s: "Timeout calling onTaskUpdate").
//
// The projects that run the built code build dist/ once before the run when it is missing
// (test/helpers/build-once.ts); no test file builds it or rewrites other files the tests run.
//
// A file that skips its tests because the machine lacks something (Chromium, PostgreSQL) says so in
// one line at the end of the run (test/helpers/skip-reporter.ts, beside the default reporter).
//
// The injected text's language follows the environment (LC_ALL, LC_MESSAGES, LANG; Korean → ko,
// else en). The suite runs as on a Korean system, the requirement documents' own language, whatever
// the machine's locale; test/unit/locale.test.ts sets its own environment to check the English default.
export default defineConfig({
  test: {
    env: { LC_ALL: '', LC_MESSAGES: 'ko_KR.UTF-8' },
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    reporters: ['default', './test/helpers/skip-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          setupFiles: ['test/helpers/no-process.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'integration',
          globalSetup: ['test/helpers/build-once.ts'],
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup: ['test/helpers/build-once.ts'],
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 600_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'reliability',
          globalSetup: ['test/helpers/build-once.ts'],
          include: ['test/reliability/**/*.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 600_000,
          pool: 'forks',
          // one file at a time (these files load the machine on purpose)
          fileParallelism: false,
        },
      },
    ],
  },
});
