// Shared pieces of the end-to-end scenarios: the skip rule, a project whose check fails until a
// setup step ran, and the scripted turns that make (and fix) that failure.
import { describe } from 'vitest';
import { text, toolUse, type StubTurn } from '../helpers/anthropic-stub.js';
import { claudeAvailability } from '../helpers/claude-harness.js';

const availability = claudeAvailability();
if (!availability.ok)
  process.stderr.write(`[e2e] skipping the Claude Code end-to-end tests: ${availability.reason}\n`);

/** `describe` when the Claude Code CLI can run here; otherwise a skipped suite whose name says why. */
export function describeE2E(name: string, fn: () => void): void {
  if (availability.ok) describe(name, fn);
  else describe.skip(`${name} [skipped: ${availability.reason}]`, fn);
}

// --- A Bash error with a known fix -----------------------------------------------------------

/** Stable text of the error (a marker no Claude Code prompt contains). */
export const CHECK_ERROR = 'E2E_BUILD_MISSING';
/** The command that fails until FIX_COMMAND ran. */
export const CHECK_COMMAND = 'sh check.sh';
/** The fix; the resolution recorded for the error is built from it. */
export const FIX_COMMAND = 'mkdir -p build && touch build/.ready';

export const CHECK_FILES: Record<string, string> = {
  'check.sh': [
    '#!/bin/sh',
    'if [ ! -f build/.ready ]; then',
    `  echo "check: ${CHECK_ERROR} build marker not found, run the setup step first" >&2`,
    '  exit 3',
    'fi',
    'echo "check: ok"',
    '',
  ].join('\n'),
  '.gitignore': 'build/\n',
};

export const bash = (command: string, description = 'run'): StubTurn => [
  toolUse('Bash', { command, description }),
];

/** Main turns: the check fails, the fix is applied, the check passes. */
export function failThenFixTurns(): StubTurn[] {
  return [
    [text('Running the check.'), toolUse('Bash', { command: CHECK_COMMAND, description: 'run the check' })],
    bash(FIX_COMMAND, 'set up the build marker'),
    bash(CHECK_COMMAND, 'run the check again'),
    'The check passes now.',
  ];
}
