// The names of a project's scripts and tasks that cross projects: one list for every runner (npm,
// yarn, pnpm, bun, deno task, turbo, sbt). A script runs whatever the project defines under its
// name; a common name (build, test, lint…) is what projects define alike, any other name
// (`db:reset`, `publishSigned`, `deploy`) stays in the project that proved it.

/** Script names a package manager also runs without `run` (`pnpm build`). */
export const SCRIPT_SHORTCUTS = [
  'build',
  'test',
  'lint',
  'dev',
  'start',
  'typecheck',
  'format',
  'check',
  'serve',
  'preview',
  'e2e',
  'generate',
  'clean',
];

/** Every common name: the shortcuts, and build tools' everyday tasks. */
const COMMON = new Set([
  ...SCRIPT_SHORTCUTS,
  ...(
    'fmt type-check types tsc compile codegen gen prepare coverage cov watch bootstrap postinstall ' +
    'unit integration ci verify validate assemble assembly package reload update run testOnly testQuick ' +
    'lint-fix fix storybook docs doc tests spec jest vitest playwright cypress prettier eslint stylelint ' +
    'all default install setup deps'
  ).split(' '),
]);

/** Qualifiers after `:` (`test:unit`, `build:prod`, `lint:fix`). */
const QUALIFIER = new Set([
  ...COMMON,
  ...'unit e2e integration watch ci fix prod production dev development types all coverage debug local web server client node browser ssr esm cjs lib app css js ts'.split(
    ' ',
  ),
]);

/** Whether a script or task name is one of the common names (optionally qualified: `test:unit`, `start-dev`). */
export function commonScript(name: string): boolean {
  const [head, ...rest] = name.split(':');
  if (COMMON.has(head!)) return rest.every((q) => QUALIFIER.has(q));
  // a qualifier after `-` as after `:` (`build-prod`, `test-e2e`), the name before it a common one
  const [first, ...more] = head!.split('-');
  return more.length > 0 && COMMON.has(first!) && [...more, ...rest].every((q) => QUALIFIER.has(q));
}
