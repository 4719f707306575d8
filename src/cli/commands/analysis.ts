// AI analysis commands: analyze, suggestions, apply, dismiss (docs/analysis.md).
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { loadConfig } from '../../common/config.js';
import type { DB } from '../../db/db.js';
import { getProjectName, getProjectPath } from '../../common/project.js';
import type { StoredSuggestion } from '../../analysis/answer.js';
import { ApplyError, planApply, projectDirFor, writePlan } from '../../analysis/apply.js';
import { analyze, AnalysisError, readState, type AnalyzeResult } from '../../analysis/run.js';
import { findSuggestion, listSuggestions, recordFeedback } from '../../analysis/suggestions.js';
import { CliError } from '../errors.js';
import { openForReading } from '../read-db.js';
import { dirOption } from '../options.js';
import { printWarning } from '../output.js';
import { rememberShown, shownId } from '../shown.js';

function currentProject(): { name: string; path: string } {
  const path = getProjectPath(process.cwd());
  return { name: getProjectName(path), path };
}

const openStore = (): DB => openForReading();

const positiveInt = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 365)
    throw new InvalidArgumentError('a whole number of days from 1 to 365');
  return n;
};

const TYPE_LABEL: Record<string, string> = { claude_md: 'CLAUDE.md rule', skill: 'skill', hook: 'hook' };

function label(s: StoredSuggestion): string {
  if (s.type === 'skill') return `skill "${s.skill?.name ?? '?'}"`;
  if (s.type === 'hook')
    return `hook (${s.hook?.event ?? '?'}${s.hook?.matcher ? ` ${s.hook.matcher}` : ''})`;
  return TYPE_LABEL[s.type] ?? s.type;
}

export function formatSuggestion(s: StoredSuggestion, n?: number, status?: string): string {
  const scope = s.project === null ? 'global' : `project ${s.project}`;
  const head = `${n !== undefined ? `${String(n).padStart(2)}. ` : ''}[${s.id}] ${label(s)}, ${scope}${status && status !== 'open' ? ` (${status})` : ''}`;
  const lines = [head, `      ${s.rule}`];
  if (s.summary) lines.push(`      why: ${s.summary}`);
  return lines.join('\n');
}

function printResult(r: AnalyzeResult, json: boolean): void {
  if (json) {
    const { ...out } = r as Record<string, unknown>;
    if (r.status === 'dry_run') delete out.summary;
    console.log(JSON.stringify(out, null, 2));
    return;
  }
  switch (r.status) {
    case 'not_enough_data':
      console.log(
        `not enough data: ${r.events} event(s) for ${r.project === null ? 'all projects' : `project ${r.project}`} in the last ${r.days} day(s); the analysis needs at least ${r.needed}.\n` +
          'Use Claude Code with the hooks installed for a while, widen the window (--days 30), or lower analysis.minEvents in config.json.',
      );
      return;
    case 'dry_run':
      console.log(r.prompt);
      printWarning(`\n(template ${r.templatePath}; input hash ${r.inputHash}; nothing was sent)`);
      return;
    case 'skipped':
      console.log(`skipped: ${r.reason}`);
      return;
    case 'cached':
      console.log(
        `the input is unchanged since ${r.analyzedAt}: using the stored analysis (no Claude call; --force asks again)`,
      );
      break;
    case 'analyzed':
      console.log(
        `analysed ${r.analysis.stats.events} events in ${r.analysis.stats.sessions} session(s) in ${(r.durationMs / 1000).toFixed(1)} s` +
          (r.dropped ? `; ${r.dropped} suggestion(s) you applied or dismissed before were left out` : ''),
      );
      for (const w of r.analysis.warnings ?? []) console.log(`  note: ${w}`);
      break;
  }
  if (r.analysis.summary) console.log(`\n${r.analysis.summary}`);
  const list = r.analysis.suggestions;
  console.log(list.length ? `\n${list.length} suggestion(s):` : '\nno suggestions.');
  list.forEach((s, i) => console.log(formatSuggestion(s, i + 1)));
  rememberShown(
    currentProject().path,
    list.map((s, i) => ({ n: i + 1, id: s.id })),
  );
  if (list.length)
    console.log(
      '\napply one with `self-gen apply <id>` (preview; add --yes to write), or `self-gen dismiss <id>`',
    );
}

export function registerAnalysis(program: Command): void {
  program
    .command('analyze')
    .description(
      'analyse recorded sessions with Claude Code (claude -p) and store suggestions; unchanged input makes no new call',
    )
    .option('-d, --days <n>', 'how many days of events (default: analysis.days, 7)', positiveInt)
    .option('-p, --project <name>', "the project to analyse (default: the current folder's project)")
    .option('--all', 'analyse every project together (suggestions may be global)')
    .option('--force', 'ask Claude again even when the input is unchanged')
    .option('--dry-run', 'print the prompt that would be sent, and stop')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nExamples:\n  self-gen analyze\n  self-gen analyze --days 30 --project my-app\n  self-gen analyze --all --dry-run',
    )
    .action(
      async (o: {
        days?: number;
        project?: string;
        all?: boolean;
        force?: boolean;
        dryRun?: boolean;
        json?: boolean;
      }) => {
        if (o.all && o.project) throw new CliError('--all and --project cannot be used together');
        const project = o.all ? null : (o.project ?? currentProject().name);
        const db = openStore();
        try {
          const r = await analyze({
            db,
            config: loadConfig(),
            project,
            days: o.days,
            force: o.force,
            dryRun: o.dryRun,
            onProgress: o.json ? undefined : (m) => printWarning(`… ${m}`),
          });
          printResult(r, o.json ?? false);
        } catch (e) {
          if (e instanceof AnalysisError)
            throw new CliError(`analysis failed: ${e.message} (nothing was stored)`, e.fix);
          throw e;
        } finally {
          db.close();
        }
      },
    );

  program
    .command('suggestions')
    .description('list the open suggestions of the newest analysis (this project and global ones)')
    .option('-p, --project <name>', 'another project')
    .option('--all', 'every project')
    .option('--closed', 'also show applied and dismissed ones')
    .option('--json', 'machine-readable output')
    .addHelpText('after', '\nExamples:\n  self-gen suggestions\n  self-gen suggestions --all --closed')
    .action((o: { project?: string; all?: boolean; closed?: boolean; json?: boolean }) => {
      const project = o.all ? null : (o.project ?? currentProject().name);
      const db = openStore();
      try {
        // Numbers are positions in the whole list (closed ones included): applying or dismissing
        // one leaves a gap, it never renumbers the others.
        const all = listSuggestions(db, project, { includeClosed: true });
        const numbered = all.map((s, i) => ({ s, n: i + 1 }));
        const shown = o.closed ? numbered : numbered.filter((x) => x.s.status === 'open');
        const list = shown.map((x) => x.s);
        if (o.json) {
          console.log(JSON.stringify(list, null, 2));
          return;
        }
        if (list.length === 0) {
          const st = readState(db, project);
          console.log(
            `no ${o.closed ? '' : 'open '}suggestions for ${project === null ? 'any project' : `project ${project}`}` +
              (st.analyzedAt ? ` (last analysis ${st.analyzedAt})` : ' (run `self-gen analyze`)'),
          );
          return;
        }
        for (const x of shown) console.log(formatSuggestion(x.s, x.n, x.s.status));
        rememberShown(
          currentProject().path,
          shown.map((x) => ({ n: x.n, id: x.s.id })),
        );
        console.log(
          '\n`self-gen apply <id or #>` previews (add --yes to write); `self-gen dismiss <id or #>` hides one for good',
        );
      } finally {
        db.close();
      }
    });

  const resolve = (db: DB, ref: string): StoredSuggestion => {
    let wanted = ref.trim();
    if (/^#?\d+$/.test(wanted)) {
      // A number means what the last list printed in this project folder showed under it.
      const n = Number(wanted.replace('#', ''));
      const { id, listed } = shownId(currentProject().path, n);
      if (!id)
        throw new CliError(
          listed
            ? `no suggestion was shown as number ${n} in the last list`
            : `no list of suggestions was shown in this project yet, so "${ref}" means nothing`,
          'run `self-gen suggestions` and use a number it shows, or give the id (like m1a2b3c4)',
        );
      wanted = id;
    }
    const { found, ambiguous } = findSuggestion(db, wanted);
    if (found) return found;
    if (ambiguous.length)
      throw new CliError(
        `"${ref}" matches several suggestions: ${ambiguous.join(', ')}`,
        'give more of the id',
      );
    throw new CliError(
      `no suggestion "${ref}"`,
      'list them with `self-gen suggestions` (ids look like m1a2b3c4)',
    );
  };

  program
    .command('apply <id>')
    .description(
      'show what a suggestion would change; with --yes write it (CLAUDE.md rule or skill file), idempotently',
    )
    .option('-y, --yes', 'write the change')
    .option(
      '--project-dir <path>',
      'the project folder (default: the current project, or where the project was last recorded)',
      dirOption(),
    )
    .addHelpText('after', '\nExamples:\n  self-gen apply m1a2b3c4\n  self-gen apply 1 --yes')
    .action((ref: string, o: { yes?: boolean; projectDir?: string }) => {
      const db = openStore();
      try {
        const s = resolve(db, ref);
        const projectDir =
          o.projectDir ?? (s.project !== null ? projectDirFor(db, s.project, currentProject()) : null);
        let plan;
        try {
          plan = planApply(s, { projectDir });
        } catch (e) {
          if (e instanceof ApplyError) throw new CliError(e.message, e.fix);
          throw e;
        }
        console.log(formatSuggestion(s));
        console.log('');
        if (plan.alreadyApplied) {
          recordFeedback(db, s, 'accepted');
          console.log(`already applied: ${plan.target} holds it (nothing changed)`);
          return;
        }
        if (plan.kind === 'manual') {
          console.log(plan.preview);
          if (o.yes) {
            recordFeedback(db, s, 'accepted');
            console.log(
              '\nself-gen never installs a suggested hook command itself: copy it as shown. Marked as applied.',
            );
          } else console.log('\nrun again with --yes to mark it as applied once you have added it');
          return;
        }
        console.log(`${o.yes ? 'writing' : 'would add to'} ${plan.target}:\n${plan.preview}`);
        if (!o.yes) {
          console.log('\nnothing written: run again with --yes to apply');
          return;
        }
        try {
          writePlan(plan);
        } catch (e) {
          throw new CliError(
            `cannot write ${plan.target}: ${(e as Error).message}`,
            'check the folder exists and is writable',
          );
        }
        recordFeedback(db, s, 'accepted');
        console.log(`\napplied [${s.id}] to ${plan.target}`);
      } finally {
        db.close();
      }
    });

  program
    .command('dismiss <id>')
    .description('hide a suggestion for good: the next analyses will not suggest it again')
    .addHelpText('after', '\nExample:\n  self-gen dismiss m1a2b3c4')
    .action((ref: string) => {
      const db = openStore();
      try {
        const s = resolve(db, ref);
        const changed = recordFeedback(db, s, 'dismissed');
        console.log(changed ? `dismissed [${s.id}]: ${s.rule}` : `[${s.id}] was already dismissed`);
      } finally {
        db.close();
      }
    });
}
