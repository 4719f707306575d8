#!/usr/bin/env node
// self-gen: the command line, built from the command table (src/cli/commands/index.ts).
import { Command } from 'commander';
import {
  addCommands,
  COMMANDS,
  commandPathOf,
  formatError,
  installOutputGuards,
  guardOutput,
} from '../cli/index.js';

/**
 * The program; given the command line, only the top-level command it names (with its subcommands),
 * when it names one: building every command's options and help costs each run a few ms. Anything
 * else (no command, `--help`, `help`, an unknown word) gets the whole table, so the top-level help,
 * the version and the "did you mean" of an unknown command are as before.
 */
export function buildProgram(argv?: readonly string[]): Command {
  const program = new Command();
  program
    .name('self-gen')
    .description(
      'self-generation: a learning and context layer for Claude Code.\n' +
        'Records sessions in a local SQLite database, learns which fixes resolved which errors,\n' +
        'and injects that knowledge before tools run and when subagents start.',
    )
    .version('0.1.0')
    // Usage errors are thrown (not printed and exited by commander) so that they end like every
    // other error: one line and a `fix:` (output.ts). Subcommands inherit both settings.
    .exitOverride()
    .configureOutput({ outputError: () => {} });
  const word = argv?.[2];
  const named = word ? COMMANDS.filter((c) => c.name.split(' ')[0] === word || c.alias === word) : [];
  addCommands(program, named.length === 1 ? named : COMMANDS);
  return program;
}

async function main(): Promise<void> {
  const argv = process.argv;
  // The hook path is kept lean: no command parsing, straight to the hook runner (`hook --help` is
  // the command's help, like every other command's).
  if (argv[2] === 'hook' && argv[3] !== '--help' && argv[3] !== '-h') {
    const { hookMain } = await import('../hook/host/process.js');
    await hookMain(argv[3]);
    return;
  }
  // The MCP server: stdout is the protocol itself, so it skips the CLI's output guards.
  if (argv[2] === 'mcp' && argv.length === 3) {
    const { runStdioServer } = await import('../mcp/index.js');
    await runStdioServer();
    process.exit(0);
  }
  // Terminal-safe output and quiet EPIPE; then redaction of everything printed,
  // which wraps outermost so it sees the raw text first.
  installOutputGuards();
  guardOutput();
  const program = buildProgram(argv);
  const fail = async (e: unknown): Promise<void> => {
    const f = formatError(e, {
      commandPath: commandPathOf(program, argv.slice(2)),
      debug: !!process.env.SELF_GEN_DEBUG && process.env.SELF_GEN_DEBUG !== '0',
    });
    if (!f) {
      process.exit((e as { exitCode?: number }).exitCode ?? 0);
    }
    // the database modules are loaded only when a command ends in an error
    const { isCorruptError } = await import('../db/db.js');
    if (isCorruptError(e)) {
      // A damaged database: flag it (the background check repairs it) and say what to do.
      try {
        const [{ markNeedsCheck }, { paths }] = await Promise.all([
          import('../db/recovery-log.js'),
          import('../common/paths.js'),
        ]);
        markNeedsCheck(paths(), String((e as Error).message));
      } catch {}
      process.stderr.write(
        `self-gen: the database is damaged (${(e as Error).message})\n  fix: run \`self-gen repair\` (moves it aside, keeping every readable row), then try again\n`,
      );
      process.exit(1);
    }
    process.stderr.write(f.text);
    process.exit(f.exitCode);
  };
  process.on('uncaughtException', (e) => void fail(e));
  process.on('unhandledRejection', (e) => void fail(e));
  try {
    await program.parseAsync(argv);
  } catch (e) {
    await fail(e);
  }
}

void main();
