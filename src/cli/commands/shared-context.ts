// `self-gen shared-context …` (alias `sc`): look at and manage the per-session shared context of a
// project (docs/shared-context.md).
import type { Command } from 'commander';
import { join } from 'node:path';
import { loadConfig } from '../../common/config.js';
import { getProjectPath } from '../../common/project.js';
import { categoriesFor, resolveConfig } from '../../findings/config.js';
import { parseSummary } from '../../findings/entry.js';
import { buildContext, filterEntries } from '../../findings/inject.js';
import {
  agentFileRel,
  agentFiles,
  cleanupExpired,
  listSessions,
  readText,
  sanitizePart,
  storeRoot,
  STORE_DIR,
  SUMMARY_FILE,
  type SessionInfo,
} from '../../findings/file-store.js';
import { pasteableInstructions, strings } from '../../findings/strings.js';
import { age } from '../../findings/checks.js';
import { CliError } from '../errors.js';
import { dirOption, enumOption, LOCALES, numberOption, type Locale } from '../options.js';

function projectOf(opt: string | undefined): string {
  return getProjectPath(opt ?? process.cwd());
}

/** A session by folder name, id, or unique prefix; the newest when not given. */
function pickSession(project: string, wanted: string | undefined): SessionInfo {
  const sessions = listSessions(project);
  if (!sessions.length) {
    throw new CliError(
      `no shared context in ${storeRoot(project)}`,
      'it is written when a subagent stops in a Claude Code session with the hooks installed (`self-gen install`)',
    );
  }
  if (!wanted) return sessions[0]!;
  const exact = sessions.find((s) => s.session === wanted || s.session === sanitizePart(wanted, 'session'));
  if (exact) return exact;
  const byPrefix = sessions.filter((s) => s.session.startsWith(wanted));
  if (byPrefix.length === 1) return byPrefix[0]!;
  if (byPrefix.length > 1) {
    throw new CliError(
      `"${wanted}" matches ${byPrefix.length} sessions`,
      'give more characters of the session id (see `self-gen shared-context list`)',
    );
  }
  throw new CliError(
    `no session "${wanted}" in ${storeRoot(project)}`,
    'list them with `self-gen shared-context list`',
  );
}

export function registerSharedContext(program: Command): void {
  const sc = program
    .command('shared-context')
    .alias('sc')
    .description(
      'the context subagents of a session share (.claude/shared-context/<session>/ in the project)',
    );

  sc.command('show [session]')
    .description('print the summary of a session (default: the newest); a session id prefix is enough')
    .option(
      '-a, --agent-type <type>',
      'print exactly what SubagentStart would inject into this agent type (filtered and capped)',
    )
    .option(
      '--project <dir>',
      'the project folder (default: the git top level of the current folder)',
      dirOption(),
    )
    .option('--json', 'print the entries as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen shared-context show\n  self-gen shared-context show 1d781026\n  self-gen sc show --agent-type code-reviewer',
    )
    .action((session: string | undefined, o: { agentType?: string; project?: string; json?: boolean }) => {
      const project = projectOf(o.project);
      const s = pickSession(project, session);
      const text = readText(join(s.dir, SUMMARY_FILE));
      if (text === null) {
        const files = agentFiles(s.dir);
        throw new CliError(
          `session ${s.session} has no ${SUMMARY_FILE} yet (${files.length} agent file(s))`,
          'it is written by the first SubagentStop; agent files are merged into it at SessionEnd',
        );
      }
      const doc = parseSummary(text);
      if (o.json) {
        console.log(JSON.stringify({ ...doc, folder: s.session, dir: s.dir }, null, 2));
        return;
      }
      if (!o.agentType) {
        process.stdout.write(text.endsWith('\n') ? text : text + '\n');
        return;
      }
      const cfg = resolveConfig(loadConfig(), project);
      const match = categoriesFor(o.agentType, cfg);
      const filtered = filterEntries(doc.entries, match.categories);
      const injected = buildContext(filtered, {
        maxChars: cfg.maxChars,
        session: s.session,
        locale: cfg.locale,
        agentType: o.agentType,
        filteredBy: match.key !== null ? match.categories : null,
        summaryRel: `${STORE_DIR}/${s.session}/${SUMMARY_FILE}`,
      });
      const rel = agentFileRel(s.session, o.agentType, '<agent-id>');
      const instruction = strings(cfg.locale).instruction(join(project, rel), rel);
      console.log(
        `# categories for ${o.agentType}: ${match.categories.join(', ') || '(none)'} (${match.key ? `filter "${match.key}"` : 'defaultCategories'})`,
      );
      console.log(
        `# ${injected ? `${injected.kept} entr${injected.kept === 1 ? 'y' : 'ies'} kept, ${injected.omitted} left out, ${injected.context.length}/${cfg.maxChars} characters` : 'nothing to inject'}`,
      );
      if (injected) console.log(`\n${injected.context}\n\n${instruction}`);
      else if (cfg.instructWhenEmpty) console.log(`\n${instruction}`);
    });

  sc.command('list')
    .description('list the session folders of this project, newest first')
    .option('--project <dir>', 'the project folder', dirOption())
    .addHelpText('after', '\nExample:\n  self-gen shared-context list')
    .action((o: { project?: string }) => {
      const project = projectOf(o.project);
      const sessions = listSessions(project);
      if (!sessions.length) {
        console.log(`no shared context in ${storeRoot(project)}`);
        return;
      }
      for (const s of sessions) {
        const text = readText(join(s.dir, SUMMARY_FILE));
        const doc = text ? parseSummary(text) : null;
        const n = doc ? doc.entries.length : 0;
        console.log(
          `${s.session}  ${String(n).padStart(3)} entr${n === 1 ? 'y  ' : 'ies'}  ${String(agentFiles(s.dir).length).padStart(3)} agent file(s)  last write ${age(s.newestMs)}${doc?.final ? '  (ended)' : ''}`,
        );
      }
    });

  sc.command('instructions')
    .description('print the agent instructions (FR-4) to paste into CLAUDE.md or an agent definition')
    .option('--locale <ko|en>', 'language (default: the config locale)', enumOption(LOCALES))
    .option('--session <id>', 'with --agent-type and --agent-id: the exact instruction one agent gets')
    .option('--agent-type <type>', 'agent type')
    .option('--agent-id <id>', 'agent id')
    .option('--project <dir>', 'the project folder', dirOption())
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen shared-context instructions >> CLAUDE.md\n  self-gen sc instructions --locale en\n' +
        '  self-gen sc instructions --session 1d781026-… --agent-type reviewer --agent-id a32c958c9f43b4a04',
    )
    .action(
      (o: { locale?: Locale; session?: string; agentType?: string; agentId?: string; project?: string }) => {
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
      },
    );

  sc.command('clean')
    .description('delete session folders whose newest file is older than the TTL (what SessionStart does)')
    .option(
      '--older-than <hours>',
      'TTL in hours (default: the configured ttlHours, 24)',
      numberOption(0, 24 * 3650, 'a number of hours'),
    )
    .option('--all', 'delete every session folder')
    .option('--project <dir>', 'the project folder', dirOption())
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen shared-context clean\n  self-gen sc clean --older-than 2\n  self-gen sc clean --all',
    )
    .action((o: { olderThan?: number; all?: boolean; project?: string }) => {
      const project = projectOf(o.project);
      const hours = o.olderThan ?? resolveConfig(loadConfig(), project).ttlHours;
      const removed = cleanupExpired(project, o.all ? -1 : hours * 3_600_000, Date.now());
      console.log(
        removed.length
          ? `deleted ${removed.length} session folder(s): ${removed.join(', ')}`
          : 'nothing to delete',
      );
    });
}
