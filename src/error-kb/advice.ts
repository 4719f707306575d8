// The advice filter: applied after every KB search, by every path that shows a fix
// (PostToolUseFailure error advice, the Bash/Edit pre-tool guide, SubagentStart context, the
// analysis digest, the demo). It decides which candidate fix, if any, may be offered here:
//  - only what the fix policy (src/fix-policy) judged and stored with the fix: never a
//    withheld fix (or one not judged yet by this policy version), whatever its confidence; the text
//    offered is the policy's (shell comments stripped);
//  - a fix typed by the user (`kb add`, `kb edit -r`) everywhere;
//  - a learned fix in the project it was confirmed in (a sub-folder or worktree of its repository
//    is that project; a folder that only claims the same origin URL is not: common/repository.ts);
//  - a learned fix from other projects only when the policy knows every command in it, when it was
//    proven in at least two other repositories (folders sharing a storage or an origin URL are one;
//    a repository never vouches for itself) with enough confirmations there (default 2), and
//    labelled as coming from other projects;
//  - a fix pulled from teammates (src/team), counted in members (one each, whatever their rows
//    say): when two confirmed it in this project (same hashed remote URL), or, when the policy
//    knows every command in it, two in two projects between them; labelled as the team's;
//  - legacy entries (recorded before fixes were proven) never, until confirmed again or kept.
// Each piece of advice carries its provenance: how often, where, how long ago.
import type { DB } from '../db/db.js';
import { entryErrorRaw, fixTeamRows, teamProjectId } from './db.js';
import {
  candidates,
  countLookup,
  projectConfirmations,
  type FixCandidate,
  type ProjectConfirmations,
} from './candidates.js';
import { messages } from './messages.js';
import { storedVerdict } from './verdict.js';
import { countRepositories, parseIdentity, repoIdentity } from '../common/repository.js';
import { quoteInline } from '../common/quote.js';

// The section's schema is declared in the config registry (orchestrator/context.ts imports it here).

export interface Provenance {
  source: 'manual' | 'this-project' | 'team' | 'other-projects';
  /** Confirmations counted for the source (this project, or all other projects). */
  confirmations: number;
  /** How many other projects (source 'other-projects'; 'team': the projects counted). */
  projects: number;
  /** When it was last confirmed. */
  lastTs: string;
  /** Source 'team': how many teammates confirmed it, and the project named first (this one when it is). */
  members?: number;
  projectName?: string;
}

/** Other repositories a learned fix must have been proven in before it is offered elsewhere. */
export const MIN_OTHER_PROJECTS = 2;

export interface Advice {
  kbId: number;
  fixId: number;
  resolution: string;
  resolvedBy: string | null;
  toolSequence: string | null;
  provenance: Provenance;
}

export interface AdviceContext {
  projectPath: string;
  now?: Date;
  minOtherProjectConfirmations?: number;
  /** Count the advice as a lookup answered (default true; false for read-only listings). */
  count?: boolean;
  /** The raw text of the error being advised on (redacted), when known: see specificTo. */
  currentRaw?: string;
}

/** The values normalisation masked in a raw error: quoted strings and paths, with their base names. */
function maskedValues(raw: string): string[] {
  const out = new Set<string>();
  const add = (v: string) => {
    const t = v.trim();
    if (t.length < 3 || t.length > 200) return;
    out.add(t);
    const b = t.replace(/\\/g, '/').split('/').pop() ?? '';
    if (b.length >= 3) out.add(b);
    const stem = b.replace(/\.[A-Za-z0-9]{1,8}$/, '');
    if (stem.length >= 4) out.add(stem);
  };
  for (const m of raw
    .slice(0, 4000)
    .matchAll(/(?<!\w)'([^'\n]{1,100})'(?!\w)|"([^"\n]{1,100})"|`([^`\n]{1,100})`|[‘“]([^’”\n]{1,100})[’”]/g))
    add(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  // file names ("src/main.rs", "./handler.go"): a fix that edits one fits errors about that file
  for (const m of raw.slice(0, 4000).matchAll(/[\w./-]*\w\.[A-Za-z][A-Za-z0-9]{0,5}\b/g))
    if (/[/]|\.\w+$/.test(m[0])) add(m[0]);
  return [...out];
}

/**
 * A fix that names a value specific to the error it was learned on (the module, package or file
 * normalisation masked: `npm install react-dom` for "Can't resolve 'react-dom'") does not fit an
 * error with another value ("Can't resolve 'lodash'"), even when both normalise alike.
 */
export function specificToOther(
  fix: string,
  learnedRaw: string | null,
  currentRaw: string | undefined,
): boolean {
  if (!learnedRaw || currentRaw === undefined) return false;
  const vals = maskedValues(learnedRaw).filter((v) => fix.includes(v));
  return vals.length > 0 && !vals.some((v) => currentRaw.includes(v));
}

/** Teammates a fix must be confirmed by, each counted once whatever its rows say (docs/team.md). */
export const MIN_TEAM_MEMBERS = 2;

function judge(db: DB, c: FixCandidate, ctx: AdviceContext): Provenance | null {
  if (c.proof === 'legacy') return null;
  const verdict = storedVerdict(c);
  if (verdict.cls === 'withheld') return null;
  if (c.proof === 'manual' && verdict.cls === 'safe')
    return { source: 'manual', confirmations: c.confirmations, projects: 0, lastTs: c.last_ts };
  const per = projectConfirmations(db, c.id);
  // this project: this folder, or another folder of its repository's own storage (a sub-folder, a
  // worktree); a folder that only claims the same origin URL is not this project
  const current = parseIdentity(repoIdentity(ctx.projectPath), ctx.projectPath);
  const isMine = (p: ProjectConfirmations) =>
    p.project_path === ctx.projectPath || parseIdentity(p.repo, p.project_path).own === current.own;
  const mine = per.filter(isMine);
  // a typed fix the policy keeps to its project (prose, unknown words): only where it was typed
  // (`kb add` and `kb edit` record where; one given through the API with no project is the user's)
  if (c.proof === 'manual')
    return mine.length || per.length === 0
      ? { source: 'manual', confirmations: c.confirmations, projects: 0, lastTs: c.last_ts }
      : null;
  if (mine.length)
    return {
      source: 'this-project',
      confirmations: mine.reduce((a, p) => a + p.confirmations, 0),
      projects: 1,
      lastTs: mine[0]!.last_ts,
    };
  const team = judgeTeam(db, c, ctx, verdict.cls === 'safe');
  if (team) return team;
  if (per.length === 0) return null;
  // unknown programs are offered only where they were confirmed; elsewhere, repositories count
  // (folders sharing a storage or claiming one origin are one repository)
  if (verdict.cls !== 'safe' || per.length < MIN_OTHER_PROJECTS) return null;
  const repos = countRepositories(per.map((p) => parseIdentity(p.repo, p.project_path)));
  const total = per.reduce((a, p) => a + p.confirmations, 0);
  if (repos < MIN_OTHER_PROJECTS || total < (ctx.minOtherProjectConfirmations ?? 2)) return null;
  const last =
    per
      .map((p) => p.last_ts)
      .sort()
      .at(-1) ?? c.last_ts;
  return { source: 'other-projects', confirmations: total, projects: repos, lastTs: last };
}

/**
 * Teammates' confirmations, counted in members: a member is one, whatever number its rows carry and
 * from however many machines (the store's row security guarantees whose rows they are, not what they
 * say). A project id is a hashed remote URL anyone can compute, so no lone member makes a fix
 * "confirmed in this project": in this project it takes MIN_TEAM_MEMBERS members; elsewhere, only
 * for a fix whose every command the policy knows (`safeElsewhere`), as many members in at least
 * MIN_OTHER_PROJECTS projects between them.
 */
function judgeTeam(db: DB, c: FixCandidate, ctx: AdviceContext, safeElsewhere: boolean): Provenance | null {
  const rows = fixTeamRows(db, c.id).filter((r) => r.confirmations > 0);
  if (rows.length === 0) return null;
  const pid = teamProjectId(db, ctx.projectPath);
  const membersOf = (rs: typeof rows) => new Set(rs.map((r) => r.member)).size;
  const same = pid === null ? [] : rows.filter((r) => r.project_id === pid);
  let use = rows;
  if (membersOf(same) >= MIN_TEAM_MEMBERS) use = same;
  else if (
    !safeElsewhere ||
    membersOf(rows) < MIN_TEAM_MEMBERS ||
    new Set(rows.map((r) => r.project_id)).size < MIN_OTHER_PROJECTS
  )
    return null;
  // one confirmation per member and project
  const pairs = new Set(use.map((r) => `${r.member}\u0000${r.project_id}`)).size;
  if (use === rows && pairs < (ctx.minOtherProjectConfirmations ?? 2)) return null;
  const byProject = new Map<string, { name: string; members: Set<string> }>();
  for (const r of use) {
    const p = byProject.get(r.project_id) ?? { name: r.project_name, members: new Set<string>() };
    p.members.add(r.member);
    byProject.set(r.project_id, p);
  }
  const top = [...byProject.values()].sort((a, b) => b.members.size - a.members.size)[0]!;
  return {
    source: 'team',
    confirmations: pairs,
    projects: byProject.size,
    lastTs:
      use
        .map((r) => r.last_ts)
        .sort()
        .at(-1) ?? c.last_ts,
    members: membersOf(use),
    projectName: top.name,
  };
}

const RANK: Record<Provenance['source'], number> = {
  manual: 4,
  'this-project': 3,
  team: 2,
  'other-projects': 1,
};

/**
 * The fix that may be offered for KB entry `kbId` in this project, with its provenance; null when
 * none may (stay silent). Never throws.
 */
export function adviceFor(db: DB, kbId: number, ctx: AdviceContext): Advice | null {
  try {
    const learnedRaw = ctx.currentRaw === undefined ? null : entryErrorRaw(db, kbId);
    let best: { c: FixCandidate; p: Provenance } | null = null;
    for (const c of candidates(db, kbId)) {
      const p = judge(db, c, ctx);
      if (!p || specificToOther(c.resolution, learnedRaw, ctx.currentRaw)) continue;
      if (
        !best ||
        RANK[p.source] > RANK[best.p.source] ||
        (RANK[p.source] === RANK[best.p.source] && c.strength > best.c.strength) ||
        (RANK[p.source] === RANK[best.p.source] &&
          c.strength === best.c.strength &&
          p.confirmations > best.p.confirmations)
      )
        best = { c, p };
    }
    if (!best) return null;
    if (ctx.count !== false) countLookup(db, kbId, ctx.now, ctx.projectPath, best.p.source === 'team');
    return {
      kbId,
      fixId: best.c.id,
      resolution: storedVerdict(best.c).text,
      resolvedBy: best.c.resolved_by,
      toolSequence: best.c.tool_sequence,
      provenance: best.p,
    };
  } catch {
    return null;
  }
}

/** "2 days ago" / "2일 전". */
export function ago(ts: string, now: Date, locale: 'ko' | 'en'): string {
  const ms = Math.max(0, now.getTime() - Date.parse(ts));
  const min = Math.floor(ms / 60000);
  const h = Math.floor(min / 60);
  const d = Math.floor(h / 24);
  if (locale === 'ko') return min < 1 ? '방금' : h < 1 ? `${min}분 전` : d < 1 ? `${h}시간 전` : `${d}일 전`;
  const unit = (n: number, u: string) => `${n} ${u}${n === 1 ? '' : 's'} ago`;
  return min < 1 ? 'just now' : h < 1 ? unit(min, 'minute') : d < 1 ? unit(h, 'hour') : unit(d, 'day');
}

/** Where a fix comes from, in one short phrase (empty for fixes typed by the user). */
export function provenanceText(p: Provenance, now: Date, locale: 'ko' | 'en'): string {
  if (p.source === 'manual') return '';
  const when = ago(p.lastTs, now, locale);
  if (p.source === 'team') {
    // a teammate's project name is theirs to choose: data, quoted
    const fixed = messages(locale).teamFixed(
      p.confirmations,
      p.members ?? 1,
      quoteInline(p.projectName ?? '?', 60),
      p.projects - 1,
    );
    return locale === 'ko' ? `${fixed}, 마지막 ${when}` : `${fixed}, last ${when}`;
  }
  if (locale === 'ko')
    return p.source === 'this-project'
      ? `이 프로젝트에서 ${p.confirmations}회 해결, 마지막 ${when}`
      : `다른 프로젝트에서 배운 해결 (${p.projects}개 프로젝트에서 ${p.confirmations}회), 마지막 ${when}`;
  return p.source === 'this-project'
    ? `fixed ${p.confirmations}× in this project, last ${when}`
    : `learned in another project (fixed ${p.confirmations}× in ${p.projects} other project${p.projects === 1 ? '' : 's'}), last ${when}`;
}

/**
 * For listings that are not tied to one project (the analysis digest): the best candidate that is
 * proven (not legacy) and that the fix policy judged safe, with the policy's text, or null.
 */
export function safeBestFix(db: DB, kbId: number): FixCandidate | null {
  try {
    const c = candidates(db, kbId).find((x) => x.proof !== 'legacy' && storedVerdict(x).cls === 'safe');
    return c ? { ...c, resolution: storedVerdict(c).text } : null;
  } catch {
    return null;
  }
}
