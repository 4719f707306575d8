// `self-gen shared-context instructions`: the agent instructions (FR-4) to paste into CLAUDE.md.
import { join } from 'node:path';
import { loadConfig } from '../../../common/config.js';
import { agentFileRel } from '../../../findings/file-store.js';
import { pasteableInstructions, strings } from '../../../findings/strings.js';
import type { CommandSpec } from '../../command-table.js';
import { CliError } from '../../errors.js';
import { enumOption, LOCALES, type Locale } from '../../options.js';
import { projectOf, projectOption } from './common.js';

export interface ScInstructionsOptions {
  locale?: Locale;
  session?: string;
  agentType?: string;
  agentId?: string;
  project?: string;
}

export function runScInstructions(_args: [], o: ScInstructionsOptions): void {
  const locale = o.locale ?? loadConfig().locale;
  if (o.session || o.agentType || o.agentId) {
    if (!o.session || !o.agentType || !o.agentId) {
      throw new CliError(
        '--session, --agent-type and --agent-id go together',
        'give all three, or none for the generic text',
      );
    }
    const rel = agentFileRel(o.session, o.agentType, o.agentId);
    console.log(strings(locale).instruction(join(projectOf(o.project), rel), rel));
    return;
  }
  process.stdout.write(pasteableInstructions(locale));
}

export const scInstructionsCommand: CommandSpec<[], ScInstructionsOptions> = {
  name: 'instructions',
  description: 'print the agent instructions (FR-4) to paste into CLAUDE.md or an agent definition',
  options: [
    {
      flags: '--locale <ko|en>',
      description: 'language (default: the config locale)',
      parse: enumOption(LOCALES),
    },
    {
      flags: '--session <id>',
      description: 'with --agent-type and --agent-id: the exact instruction one agent gets',
    },
    { flags: '--agent-type <type>', description: 'agent type' },
    { flags: '--agent-id <id>', description: 'agent id' },
    projectOption,
  ],
  help:
    '\nExamples:\n  self-gen shared-context instructions >> CLAUDE.md\n  self-gen sc instructions --locale en\n' +
    '  self-gen sc instructions --session 1d781026-… --agent-type reviewer --agent-id a32c958c9f43b4a04',
  run: runScInstructions,
};
