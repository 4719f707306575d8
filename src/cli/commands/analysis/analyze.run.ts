// `self-gen analyze`: recorded sessions analysed by Claude Code (claude -p); suggestions stored
// (docs/analysis.md).
import { analyze, AnalysisError, type AnalyzeResult } from '../../../analysis/index.js';
import { loadConfig } from '../../../common/config.js';
import { CliError } from '../../errors.js';
import { printWarning } from '../../output.js';
import { openForReading } from '../../read-db.js';
import { rememberShown } from '../../shown.js';
import { currentProject, formatSuggestion } from './common.js';

export interface AnalyzeOptions {
  days?: number;
  project?: string;
  all?: boolean;
  force?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

/** What is said before the suggestions; false when nothing follows (no analysis to show). */
function printHead(r: AnalyzeResult): r is Extract<AnalyzeResult, { status: 'cached' | 'analyzed' }> {
  switch (r.status) {
    case 'not_enough_data':
      console.log(
        `not enough data: ${r.events} event(s) for ${r.project === null ? 'all projects' : `project ${r.project}`} in the last ${r.days} day(s); the analysis needs at least ${r.needed}.\n` +
          'Use Claude Code with the hooks installed for a while, widen the window (--days 30), or lower analysis.minEvents in config.json.',
      );
      return false;
    case 'dry_run':
      console.log(r.prompt);
      printWarning(`\n(template ${r.templatePath}; input hash ${r.inputHash}; nothing was sent)`);
      return false;
    case 'skipped':
      console.log(`skipped: ${r.reason}`);
      return false;
    case 'cached':
      console.log(
        `the input is unchanged since ${r.analyzedAt}: using the stored analysis (no Claude call; --force asks again)`,
      );
      return true;
    case 'analyzed':
      console.log(
        `analysed ${r.analysis.stats.events} events in ${r.analysis.stats.sessions} session(s) in ${(r.durationMs / 1000).toFixed(1)} s` +
          (r.dropped ? `; ${r.dropped} suggestion(s) you applied or dismissed before were left out` : ''),
      );
      for (const w of r.analysis.warnings ?? []) console.log(`  note: ${w}`);
      return true;
  }
}

function printResult(r: AnalyzeResult, json: boolean): void {
  if (json) {
    const { ...out } = r as Record<string, unknown>;
    if (r.status === 'dry_run') delete out.summary;
    console.log(JSON.stringify(out, null, 2));
    return;
  }
  if (!printHead(r)) return;
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

export async function runAnalyze(_args: [], o: AnalyzeOptions): Promise<void> {
  if (o.all && o.project) throw new CliError('--all and --project cannot be used together');
  const project = o.all ? null : (o.project ?? currentProject().name);
  const db = openForReading();
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
}
