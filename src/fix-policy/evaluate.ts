// The fix policy: a fix is offered verbatim only when every command in it is in a
// known-safe class (classify.ts) and its text is data, not instructions (text.ts). Needs the shell
// parser (parser.ts): run in the background (background-review.ts), never in a hook.
import { redact } from '../common/redact.js';
import { judgeScript, newState, type ScriptState } from './classify.js';
import { lazyShellParser, loadShellParser, ParserNotLoaded, type ShellParser } from './parser.js';
import { MAX_OFFERED, namesAgent, quotedCommands, stepsOf, textProblem, type Step } from './text.js';
import type { Verdict } from '../error-kb/index.js';
import { pathClass } from './expand.js';
import { addsCode } from './gate-files.js';
import { toolchainPin } from './pins.js';
import { namesOutsidePath, ordinaryFileKind, REQUIREMENTS_FILE, unknownImports } from './edits.js';
import { climbsOut, editedLinesRule } from './edit-grammar.js';
import { kindEditOk } from './edit-kinds.js';
import { rule, type Reason, type RuleId } from './rules.js';
import { keepLocal, withhold } from './state.js';

const MAX_DEPTH = 4;

function judgeShellText(parser: ShellParser, text: string, st: ScriptState, depth = 0): string[] {
  if (depth > MAX_DEPTH) {
    withhold(st, 'shell code nested too deeply');
    return [];
  }
  if (/\b(?:drop\s+(?:table|database|schema)|truncate\s+table)\b/i.test(text)) withhold(st, 'drops data');
  const script = parser.script(text);
  if (!script) {
    withhold(st, 'the text does not parse as a shell command');
    return [];
  }
  judgeScript(st, script, (inner, s) => void judgeShellText(parser, inner, s, depth + 1));
  return stripComments(text, script.comments);
}

/** The command without its comments (ranges from the parse tree), as one trimmed line. */
function stripComments(text: string, ranges: [number, number][]): string[] {
  let out = text;
  for (const [a, b] of [...ranges].sort((x, y) => y[0] - x[0])) out = out.slice(0, a) + out.slice(b);
  return [
    out
      .replace(/[ \t]+$/gm, '')
      .replace(/\s*;\s*$/, '')
      .trim(),
  ];
}

/**
 * What an edit writes may be a command run later (a script line, a package.json script, a
 * Dockerfile RUN): the new side of the excerpt, and each quoted string in it, judged as shell text.
 * Text that does not parse as shell (most code) says nothing; a withheld command does.
 */
/** The new text of an edit: code that runs programs or reaches the network, or a shell script's words the grammars do not know, keep it to its project. */
/** The old and the new text of an edit (`: \`old\` → \`new\``), '' for a side that is not shown. */
function editSides(detail: string): { before: string; after: string } {
  return {
    after: /→ `([^`]*)`\s*$/.exec(detail)?.[1] ?? '',
    before: /^: `([^`]*)` →/.exec(detail)?.[1] ?? '',
  };
}

function judgeEditedText(
  parser: ShellParser,
  step: Extract<Step, { kind: 'file' }>,
  st: ScriptState,
  ofKind: boolean,
): void {
  const { before, after } = editSides(step.detail);
  if (addsCode(after)) keepLocal(st, 'edit-runs-code');
  if (unknownImports(step.path, after, before).length) keepLocal(st, 'edit-imports');
  if (namesOutsidePath(after) || climbsOut(step.path, after)) keepLocal(st, 'edit-outside-path');
  const lines = editedLinesRule(step.path, before, after, /→/.test(step.detail));
  if (lines && !ofKind) keepLocal(st, lines);
  if (REQUIREMENTS_FILE.test(step.path)) {
    // a requirement line is judged as what pip would install from it; a removed line (a hash, a source) stays
    const scratch = newState();
    // spaces around a comparison (`pkg < 7`) are no part of the requirement
    const req = after
      .trim()
      .replace(/'/g, '')
      .replace(/\s*(===|[<>=!~]=|[<>])\s*/g, '$1');
    if (req) judgeShellText(parser, `pip install '${req}'`, scratch);
    if (!after.trim() || scratch.unknown.size || scratch.local.size || scratch.withheld)
      keepLocal(st, 'config-write');
  }
  if (/\.(?:sh|bash|zsh)$/.test(step.path) && after.trim()) {
    const scratch = newState();
    judgeShellText(parser, after, scratch);
    if (scratch.unknown.size || scratch.local.size || scratch.withheld) keepLocal(st, 'edit-runs-code');
  }
}

/** Files whose lines are shell commands (a script, a Makefile recipe, a Dockerfile, CI steps). */
const COMMAND_FILE =
  /\.(?:sh|bash|zsh|ya?ml)$|(?:^|\/)(?:Makefile|GNUmakefile|makefile|Dockerfile[^/]*|Justfile|justfile|Procfile)$/;

function editedCommand(parser: ShellParser, detail: string, path = ''): Reason | null {
  const after = /→ `([^`]*)`\s*$/.exec(detail)?.[1];
  if (!after) return null;
  // the whole new text is a command only where commands are written (a RUN line, a `run:` step)
  const command =
    COMMAND_FILE.test(path) || /^\s*(?:RUN|CMD|ENTRYPOINT|run:|-\s+run:|script:)\s*/i.test(after);
  const texts = command ? [after.replace(/^\s*(?:RUN|CMD|ENTRYPOINT|run:|-\s+run:|script:)\s*/i, '')] : [];
  // quoted strings that look like command lines (a path alone in code is no command)
  for (const m of after.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g))
    if (/\s/.test((m[1] ?? m[2] ?? '').trim())) texts.push(m[1] ?? m[2] ?? '');
  for (const t of texts) {
    if (!t.trim()) continue;
    const scratch = newState();
    judgeShellText(parser, t, scratch);
    if (scratch.fetches && scratch.runs) withhold(scratch, 'runs downloaded content');
    if (scratch.withheld && !/does not parse|nested|computed at run time/.test(scratch.withheld))
      return scratch.withheld as Reason;
  }
  return null;
}

/** A command line judged alone: advised everywhere (nothing unknown, kept local or withheld, nothing downloaded and run)? */
const shellSafe =
  (parser: ShellParser) =>
  (command: string): boolean => {
    const s = newState();
    judgeShellText(parser, command, s);
    return !s.withheld && !s.unknown.size && !s.local.size && !(s.fetches && s.runs);
  };

/** Files whose content runs when the project runs (a fix that writes one and runs code may run it). */
const CODE_FILE =
  /\.(?:sh|bash|zsh|py|pyw|js|cjs|mjs|ts|cts|mts|jsx|tsx|rb|pl|php|go|rs|java|kt|scala|swift|c|cc|cpp|h|cs|lua|ps1|bat|cmd)$|(?:^|\/)[^./]+$/;

function finish(st: ScriptState, text: string): Verdict {
  if (!st.withheld && st.fetches && st.runs) withhold(st, 'runs downloaded content');
  if (!st.withheld && text.length > MAX_OFFERED) withhold(st, 'too long to offer verbatim');
  if (st.withheld) return { cls: 'withheld', reason: st.withheld, rule: st.rule ?? 'judge-failed', text: '' };
  if (st.runs && [...st.wrote].some((p) => CODE_FILE.test(p))) keepLocal(st, 'runs-written');
  if (st.local.size || st.unknown.size) {
    const id: RuleId = st.local.size ? [...st.local][0]! : 'grammar';
    const words = [...st.unknown].slice(0, 3).map((u) => `'${u}'`);
    return {
      cls: 'project',
      reason: `${rule(id).why}${id === 'grammar' && words.length ? ` (${words.join(', ')})` : ''}: offered only in the project that proved it`,
      rule: id,
      text,
    };
  }
  return { cls: 'safe', reason: '', rule: '', text };
}

function judgeStep(parser: ShellParser, step: Step, st: ScriptState): string {
  switch (step.kind) {
    case 'ran': {
      if (step.command.endsWith('…')) withhold(st, 'the command was cut short when it was recorded');
      const [clean] = judgeShellText(parser, step.command, st);
      if (step.instead !== undefined) {
        // the command it replaced is another project's failing command: judged, never shown
        const other = newState();
        judgeShellText(parser, step.instead.replace(/…$/, ''), other);
        if (other.withheld) withhold(st, other.withheld as Reason);
      }
      return `ran \`${clean}\``;
    }
    case 'file': {
      const where = pathClass({ text: step.path, dynamic: false });
      const { before, after } = editSides(step.detail);
      // a toolchain's version, by its file's grammar: a release, nothing that runs or points elsewhere
      // or an edit of the file kind's grammar (edit-kinds.ts): known words, no chosen release
      const ofKind = step.tool !== 'Write' && kindEditOk(step.path, before, after, shellSafe(parser));
      const pin = ofKind || (step.tool !== 'Write' && toolchainPin(step.path, before, after));
      if (where === 'outside') withhold(st, 'edits a file outside the project');
      else if (where === 'config' && !pin) keepLocal(st, 'config-write');
      else if (!ordinaryFileKind(step.path) && !pin) keepLocal(st, 'edit-file-kind');
      const written = editedCommand(parser, step.detail, step.path);
      if (written) withhold(st, written);
      judgeEditedText(parser, step, st, ofKind);
      return step.text;
    }
    case 'usage':
      return step.text;
    default: {
      // not a form resolution detection writes: withheld; the commands quoted in it say why best
      const quoted = newState();
      for (const cmd of quotedCommands(step.text)) judgeShellText(parser, cmd, quoted);
      withhold(
        st,
        (quoted.withheld as Reason | null) ?? 'the fix text is not in a form the policy recognises',
      );
      return step.text;
    }
  }
}

/** A git branch or tag a command creates: a name others read. */
const GIT_NEW_NAME = /\bgit\s+(?:checkout\s+-[bB]|switch\s+-[cC]|branch|tag(?:\s+-[am]\s+\S+)?)\s+(\S+)/g;

/**
 * Whether a fix puts a name of an AI agent into the project, where an agent will read it: in a file
 * it writes (its name or an edited line), a branch or a tag it creates.
 */
function writesAgentName(steps: Step[], st: ScriptState): boolean {
  const written: string[] = [...st.wrote, ...st.named];
  for (const s of steps)
    if (s.kind === 'file') written.push(s.path, /→ `([^`]*)`\s*$/.exec(s.detail)?.[1] ?? '');
    else if (s.kind === 'ran') for (const m of s.command.matchAll(GIT_NEW_NAME)) written.push(m[1]!);
  return written.some((w) => namesAgent(w));
}

/** Judges one fix text (as stored in error_kb_fixes.resolution) with a loaded parser. */
export function judgeFix(parser: ShellParser, resolution: string, proof: string): Verdict {
  const st = newState();
  const problem = textProblem(resolution);
  if (problem) withhold(st, problem);
  else if (/\[REDACTED/.test(resolution) || redact(resolution) !== resolution)
    withhold(st, 'carries a secret');
  if (st.withheld) return finish(st, '');
  if (proof === 'manual' || proof === 'legacy' || resolution.trim().startsWith('{')) {
    // typed by the user: free text; the commands quoted in it, and the text itself read as a
    // command line, may hold nothing dangerous (prose words count as unknown programs, ignored)
    let text = resolution.trim();
    for (const cmd of quotedCommands(text)) {
      const [clean] = judgeShellText(parser, cmd, st);
      if (clean !== undefined && clean !== cmd.trim()) text = text.replace(cmd, clean);
    }
    // an edit it describes is judged as a learned one (the file, what it writes)
    for (const step of stepsOf(resolution)) if (step.kind === 'file') judgeStep(parser, step, st);
    const prose = newState();
    const quoted = quotedCommands(resolution);
    judgeShellText(parser, resolution.replace(/`[^`]*`/g, ' ').replace(/\bBash:\s*/g, ' '), prose);
    if (prose.withheld && !/does not parse|nested/.test(prose.withheld))
      withhold(st, prose.withheld as Reason);
    if (prose.fetches && prose.runs) withhold(st, 'runs downloaded content');
    // prose has no grammar: a typed fix crosses projects only when it is nothing but commands
    const rest = quoted.reduce((t, q) => t.replace(q, ' '), resolution).replace(/\bBash:|`/g, ' ');
    const isProse = quoted.length ? /[A-Za-z]{2,}/.test(rest) : prose.unknown.size > 0 || !!prose.withheld;
    if (isProse) keepLocal(st, 'user-text');
    return finish(st, text);
  }
  const steps = stepsOf(resolution);
  const text = steps.map((s) => judgeStep(parser, s, st)).join('; then ');
  if (writesAgentName(steps, st)) keepLocal(st, 'names-agent');
  return finish(st, text);
}

/** The policy with its parser loaded (about 25 ms the first time in a process). */
export async function loadFixPolicy(): Promise<(resolution: string, proof: string) => Verdict> {
  const parser = await loadShellParser();
  return (resolution, proof) => {
    try {
      return judgeFix(parser, resolution, proof);
    } catch {
      return JUDGE_FAILED;
    }
  };
}

const JUDGE_FAILED: Verdict = {
  cls: 'withheld',
  reason: 'the policy could not judge it',
  rule: 'judge-failed',
  text: '',
};

/**
 * Judges one fix without loading the WebAssembly parser when every shell text in it is plain
 * (plain-words.ts): a short-lived command (`kb add`) answers without it; the first fix that needs it
 * loads it. Same verdicts as loadFixPolicy's judge.
 */
export async function judgeFixLazily(resolution: string, proof: string): Promise<Verdict> {
  try {
    return judgeFix(lazyShellParser, resolution, proof);
  } catch (e) {
    if (!(e instanceof ParserNotLoaded)) return JUDGE_FAILED;
  }
  return (await loadFixPolicy())(resolution, proof);
}
