#!/usr/bin/env node
// self-gen: the command line. Each part registers its commands from src/cli/commands/.
import { Command } from 'commander';
import { registerCore } from './commands/core.js';
import { registerKb } from './commands/kb.js';
import { registerSharedContext } from './commands/shared-context.js';
import { registerOrch } from './commands/orch.js';
import { registerAnalysis } from './commands/analysis.js';
import { registerDemo } from './commands/demo.js';
import { registerHooks } from './commands/hooks.js';
import { CliError } from './errors.js';

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('self-gen')
    .description(
      'self-generation: a learning and context layer for Claude Code.\n' +
        'Records sessions in a local SQLite database, learns which fixes resolved which errors,\n' +
        'and injects that knowledge before tools run and when subagents start.',
    )
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)');
  registerCore(program);
  registerKb(program);
  registerSharedContext(program);
  registerOrch(program);
  registerAnalysis(program);
  registerDemo(program);
  registerHooks(program);
  return program;
}

async function main(): Promise<void> {
  const argv = process.argv;
  // The hook path is kept lean: no command parsing, straight to the hook runner.
  if (argv[2] === 'hook') {
    const { hookMain } = await import('../hooks/main.js');
    await hookMain(argv[3]);
    return;
  }
  try {
    await buildProgram().parseAsync(argv);
  } catch (e) {
    if (e instanceof CliError) {
      process.stderr.write(`self-gen: ${e.message}\n${e.fix ? `  fix: ${e.fix}\n` : ''}`);
      process.exit(e.exitCode);
    }
    process.stderr.write(`self-gen: ${(e as Error)?.message ?? String(e)}\n`);
    process.exit(1);
  }
}

void main();
