// `self-gen shared-context instructions`: the agent instructions (FR-4) to paste into CLAUDE.md.
import { join } from 'node:path';
import { loadConfig } from '../../../common/config.js';
import { agentFileRel, pasteableInstructions, strings } from '../../../shared-context/index.js';
import { CliError } from '../../errors.js';
import { type Locale } from '../../options.js';
import { projectOf } from './common.js';

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
