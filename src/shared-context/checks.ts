// `self-gen doctor` checks of the shared context: config, rules, the project's folder and .gitignore.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../common/config.js';
import { getProjectPath } from '../common/project.js';
import type { CheckResult } from '../hook/contract/part.js';
import { PROJECT_CONFIG_FILE, resolveConfig } from './config.js';
import { activeRules } from './rule-registry.js';
import { gitignoreCovers, listSessions, readText, storeRoot, storeState, STORE_DIR } from './file-store.js';

/** How long ago a time in ms was, for display. */
export function age(ms: number): string {
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 90) return `${s}s ago`;
  if (s < 90 * 60) return `${Math.round(s / 60)}m ago`;
  if (s < 48 * 3600) return `${Math.round(s / 3600)}h ago`;
  return `${Math.round(s / 86400)}d ago`;
}

/** `self-gen doctor`: the shared context's config, folder and .gitignore for the current project. */
export function sharedContextCheck(env: NodeJS.ProcessEnv, projectDir: string): CheckResult[] {
  const out: CheckResult[] = [];
  const project = getProjectPath(projectDir, env);
  const cfg = resolveConfig(loadConfig(env), project, env);
  for (const p of cfg.problems) {
    out.push({
      name: 'shared context',
      level: 'warn',
      message: p,
      fix: 'edit the file named (see docs/shared-context.md, "Configuration", for the keys)',
    });
  }
  // A rule whose regex the linear-time engine cannot run (bad syntax, look-around,
  // back-references) is skipped by the hooks: name it here.
  const ruleProblems: string[] = [];
  activeRules(cfg, ruleProblems);
  for (const p of ruleProblems) {
    out.push({
      name: 'shared context',
      level: 'warn',
      message: p,
      fix: `rewrite that regular expression in RE2 syntax (no look-around, no back-references) or remove the rule, in ${join(project, PROJECT_CONFIG_FILE)} or the sharedContext section of config.json`,
    });
  }
  if (!cfg.enabled) {
    out.push({
      name: 'shared context',
      level: 'info',
      message: 'switched off (sharedContext.enabled or SELF_GEN_SHARED_CONTEXT=0)',
    });
    return out;
  }
  if (storeState(project) === 'unsafe') {
    out.push({
      name: 'shared context',
      level: 'warn',
      message: `${storeRoot(project)} (or .claude) is a symlink or not a folder: the shared context is not used in this project (nothing is read, written or deleted through it)`,
      fix: `rm ${storeRoot(project)}   (a real folder is created by the next subagent)`,
    });
    return out;
  }
  const sessions = listSessions(project);
  if (!sessions.length) {
    out.push({
      name: 'shared context',
      level: 'info',
      message: `no session folder in ${storeRoot(project)} yet`,
    });
    return out;
  }
  const newest = sessions[0]!;
  out.push({
    name: 'shared context',
    level: 'ok',
    message: `${sessions.length} session folder(s) in ${storeRoot(project)}; newest ${newest.session} (${newest.files} file(s), last write ${age(newest.newestMs)}); TTL ${cfg.ttlHours} h`,
  });
  const gi = readText(join(project, '.gitignore'));
  if (existsSync(join(project, '.git')) && !(gi && gitignoreCovers(gi))) {
    out.push({
      name: 'shared context',
      level: 'warn',
      message: `${STORE_DIR}/ is not in ${join(project, '.gitignore')}: session notes could be committed`,
      fix: `echo '.claude/shared-context/' >> ${join(project, '.gitignore')}`,
    });
  }
  return out;
}
