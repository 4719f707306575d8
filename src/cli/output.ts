// What the CLI prints: stored text made safe for a terminal, quiet exit on a closed pipe, and one
// formatter for every error (one line + `fix:`, non-zero exit, stack only with SELF_GEN_DEBUG=1).
import { CommanderError } from 'commander';
import { CliError } from './errors.js';

/**
 * C0 controls except tab and newline, DEL, C1 controls, and the Unicode bidi overrides/isolates
 * ("Trojan source"): anything that can move the cursor, clear the screen, set the window title,
 * write to the clipboard (OSC 52) or reorder what is shown.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Stored text (tool output, error messages, file contents) as it may be shown on a terminal:
 * newlines and tabs stay, CRLF becomes LF, every other control character is rendered visibly as
 * `\xNN` (C0) or `\uNNNN` (DEL, C1, bidi), so `\e]0;title\a` prints as `\x1b]0;title\x07` and does
 * nothing. JSON output is unaffected: JSON.stringify escapes C0 itself, and `\uNNNN` is valid JSON.
 */
export function termSafe(text: string): string {
  const s = text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
  return s.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    // C0 as \x1b; the rest as \u009b, which is also a valid JSON escape (--json output stays JSON).
    return code < 0x20
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

type Write = NodeJS.WriteStream['write'];

function guardWrite(stream: NodeJS.WriteStream): void {
  const raw = stream.write.bind(stream) as Write;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    const text =
      typeof chunk === 'string'
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk).toString('utf8')
          : chunk;
    return (raw as (c: unknown, ...r: unknown[]) => boolean)(
      typeof text === 'string' ? termSafe(text) : text,
      ...rest,
    );
  }) as Write;
}

/** A reader closed our pipe (`self-gen doctor | head -1`): stop quietly, keep the exit code. */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

/**
 * Installs the output guards for the whole CLI (not for hooks, which print one JSON object):
 * everything written to stdout goes through termSafe (JSON output is unaffected: JSON.stringify
 * already escapes control characters); EPIPE on stdout or stderr ends the process quietly.
 * stderr is not filtered, so progress bars keep their cursor codes: every error and warning that
 * can carry stored text is passed through termSafe by printError / printWarning.
 */
export function installOutputGuards(): void {
  guardWrite(process.stdout);
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
}

/** A warning line on stderr (stored text made safe). */
export function printWarning(line: string): void {
  process.stderr.write(`${termSafe(line)}\n`);
}

const FIX_BY_CODE: Record<string, string> = {
  ENOENT: 'check that the file or folder named exists (and SELF_GEN_HOME, when set)',
  ENOTDIR:
    'a part of that path is a regular file, not a folder: check the path (and SELF_GEN_HOME, when set)',
  EISDIR: 'that path is a folder: give a file',
  EACCES: 'check the permissions of the file or folder named (or point SELF_GEN_HOME elsewhere)',
  EPERM: 'check the permissions of the file or folder named (or point SELF_GEN_HOME elsewhere)',
  EROFS: 'the disk is read-only: remount it read-write or point SELF_GEN_HOME elsewhere',
  ENOSPC: 'the disk is full: free some space',
  EINVAL: 'an argument or a path is not valid here: check what you passed (see --help)',
  ELOOP: 'that path has too many symbolic links: give the real path',
};

export interface FormattedError {
  text: string;
  exitCode: number;
}

/** The command path the user typed (`kb list`), for the `--help` hint of a usage error. */
export function commandPathOf(
  program: { commands: readonly { name(): string; aliases(): string[]; commands: readonly unknown[] }[] },
  args: string[],
): string[] {
  const out: string[] = [];
  let cmds = program.commands;
  for (const a of args) {
    if (a.startsWith('-')) continue;
    const next = cmds.find((c) => c.name() === a || c.aliases().includes(a));
    if (!next) break;
    out.push(next.name());
    cmds = next.commands as typeof cmds;
  }
  return out;
}

/**
 * Every error the CLI can end with, as the user sees it: `self-gen: <one line>` and `  fix: …`.
 * Returns null for commander's help/version exits (nothing more to print).
 */
export function formatError(
  e: unknown,
  opts: { commandPath?: string[]; debug?: boolean } = {},
): FormattedError | null {
  const where = opts.commandPath?.length ? `self-gen ${opts.commandPath.join(' ')}` : 'self-gen';
  const oneLine = (s: string) => termSafe(s.replace(/\s*\n\s*/g, ' ').trim());
  if (e instanceof CommanderError) {
    if (
      e.code === 'commander.helpDisplayed' ||
      e.code === 'commander.version' ||
      e.code === 'commander.help' ||
      e.code === 'commander.executeSubCommandAsync'
    )
      return null;
    const msg = oneLine(e.message.replace(/^error:\s*/i, '').replace(/ is invalid\. /, ' is invalid: '));
    return {
      text: `${where}: ${msg}\n  fix: see \`${where} --help\`\n`,
      exitCode: e.exitCode && e.exitCode !== 0 ? e.exitCode : 1,
    };
  }
  if (e instanceof CliError) {
    const fix = e.fix ?? `see \`${where} --help\`, or run \`self-gen doctor\``;
    return {
      text: `self-gen: ${oneLine(e.message)}\n  fix: ${oneLine(fix)}\n`,
      exitCode: e.exitCode || 1,
    };
  }
  const err = e instanceof Error ? (e as NodeJS.ErrnoException) : new Error(String(e));
  const code = (err as NodeJS.ErrnoException).code;
  const fix =
    (code && FIX_BY_CODE[code]) ??
    (code?.startsWith('SQLITE_')
      ? 'run `self-gen doctor` (it checks the database and says what to do)'
      : 'run `self-gen doctor`; if it persists, run again with SELF_GEN_DEBUG=1 and report the stack trace');
  const stack = opts.debug && err.stack ? `${err.stack}\n` : '';
  return { text: `self-gen: ${oneLine(err.message || String(e))}\n  fix: ${fix}\n${stack}`, exitCode: 1 };
}
