// Shared setup of the end-to-end test files: one temporary project per test, removed after it, and
// the transcript lines that record our hooks running.
import { afterEach } from 'vitest';
import { createE2EProject, type E2EProject, type E2EProjectOptions } from './claude-harness.js';

/**
 * Registers an afterEach that cleans up the project of each test (E2E_KEEP=1 keeps it) and returns
 * the function that creates it: `const p = await newProject({ files })`.
 */
export function projectPerTest(): (opts?: E2EProjectOptions) => Promise<E2EProject> {
  let current: E2EProject | undefined;
  afterEach(() => {
    current?.cleanup();
    current = undefined;
  });
  return async (opts) => (current = await createE2EProject(opts));
}

/**
 * Transcript lines that record a hook running (hook_success, hook_non_blocking_error, …); with
 * `errorsOnly`, only those a failing or broken hook would leave for the user.
 */
export function hookAttachments(lines: Record<string, unknown>[], errorsOnly = false): unknown[] {
  return lines.filter((l) => {
    const type = (l.attachment as { type?: unknown } | undefined)?.type;
    if (typeof type !== 'string') return false;
    if (errorsOnly) return /hook_(non_blocking_error|blocking_error|cancelled|error)/.test(type);
    return l.type === 'attachment' && type.startsWith('hook');
  });
}
