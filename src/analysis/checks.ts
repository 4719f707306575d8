// `self-gen doctor` check of the analysis part: the last analysis of the current project.
import { loadConfig } from '../common/config.js';
import { getProjectName, getProjectPath } from '../common/project.js';
import type { CheckContext, CheckResult } from '../hook/contract/part.js';
import { analysisConfig } from './config.js';
import { readState } from './state.js';
import { listSuggestions } from './suggestions.js';

/** `self-gen doctor`: how the last analysis of the current project went. */
export function analysisChecks({ db, env }: CheckContext): CheckResult[] {
  if (!db) return [];
  const cfg = analysisConfig(loadConfig(env));
  const name = getProjectName(getProjectPath(process.cwd(), env));
  const st = readState(db, name);
  const out = [];
  if (st.result === 'error') {
    out.push({
      name: 'analysis',
      level: 'warn' as const,
      message: `the last analysis of ${name} failed at ${st.lastAttempt}: ${st.error}`,
      fix: `run \`self-gen analyze\` to see the error; the Claude Code binary is "${cfg.claudePath}" (analysis.claudePath)`,
    });
  } else {
    const open = listSuggestions(db, name).length;
    out.push({
      name: 'analysis',
      level: 'info' as const,
      message: st.analyzedAt
        ? `last analysis of ${name} at ${st.analyzedAt}; ${open} open suggestion(s)`
        : `no analysis of ${name} yet (automatic: ${cfg.auto ? `after ${cfg.minNewEvents} new events` : 'off'})`,
    });
  }
  return out;
}
