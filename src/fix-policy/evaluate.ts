// The fix policy (issue #22): a fix is offered verbatim only when every command in it is in a
// known-safe class (classify.ts) and its text is data, not instructions (text.ts). Needs the shell
// parser (parser.ts): run in the background (review.ts), never in a hook.
import { redact } from '../common/redact.js';
import { commandsOf } from './commands.js';
import { judgeScript, newState, type ScriptState } from './classify.js';
import { loadShellParser, type ShellParser } from './parser.js';
import { MAX_OFFERED, quotedCommands, stepsOf, textProblem, type Step } from './text.js';
import type { Verdict } from '../error-kb/index.js';

const MAX_DEPTH = 4;

function judgeShellText(parser: ShellParser, text: string, st: ScriptState, depth = 0): string[] {
  if (depth > MAX_DEPTH) {
    st.withheld ??= 'shell code nested too deeply';
    return [];
  }
  if (/\b(?:drop\s+(?:table|database|schema)|truncate\s+table)\b/i.test(text)) st.withheld ??= 'drops data';
  const tree = parser.parse(text);
  if (!tree) {
    st.withheld ??= 'the text does not parse as a shell command';
    return [];
  }
  try {
    const script = commandsOf(tree);
    judgeScript(st, script, (inner, s) => void judgeShellText(parser, inner, s, depth + 1));
    return stripComments(text, script.comments);
  } finally {
    tree.delete();
  }
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
function editedCommand(parser: ShellParser, detail: string): string | null {
  const after = /→ `([^`]*)`\s*$/.exec(detail)?.[1];
  if (!after) return null;
  const texts = [after.replace(/^\s*(?:RUN|CMD|ENTRYPOINT|run:|-\s+run:|script:)\s*/i, '')];
  // quoted strings that look like command lines (a path alone in code is no command)
  for (const m of after.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g))
    if (/\s/.test((m[1] ?? m[2] ?? '').trim())) texts.push(m[1] ?? m[2] ?? '');
  for (const t of texts) {
    if (!t.trim()) continue;
    const scratch = newState();
    judgeShellText(parser, t, scratch);
    if (!scratch.withheld && scratch.fetches && scratch.runs) scratch.withheld = 'runs downloaded content';
    if (scratch.withheld && !/does not parse|nested|computed at run time/.test(scratch.withheld))
      return scratch.withheld;
  }
  return null;
}

function finish(st: ScriptState, text: string): Verdict {
  if (!st.withheld && st.fetches && st.runs) st.withheld = 'runs downloaded content';
  if (st.withheld) return { cls: 'withheld', reason: st.withheld, text: '' };
  if (text.length > MAX_OFFERED) return { cls: 'withheld', reason: 'too long to offer verbatim', text: '' };
  if (st.unknown.size)
    return {
      cls: 'project',
      reason: `runs ${[...st.unknown].slice(0, 3).join(', ')}, which the policy does not know: offered only in a project that confirmed it`,
      text,
    };
  return { cls: 'safe', reason: '', text };
}

function judgeStep(parser: ShellParser, step: Step, st: ScriptState): string {
  switch (step.kind) {
    case 'ran': {
      if (step.command.endsWith('…')) st.withheld ??= 'the command was cut short when it was recorded';
      const [clean] = judgeShellText(parser, step.command, st);
      if (step.instead !== undefined) {
        const other = newState();
        judgeShellText(parser, step.instead.replace(/…$/, ''), other);
        if (other.withheld) st.withheld ??= `the command it replaced ${other.withheld}`;
      }
      return `ran \`${clean}\`` + (step.instead !== undefined ? ` instead of \`${step.instead}\`` : '');
    }
    case 'file': {
      if (/^(?:\/|~|[A-Za-z]:[\\/])|(?:^|\/)\.\.(?:\/|$)/.test(step.path))
        st.withheld ??= 'edits a file outside the project';
      const written = editedCommand(parser, step.detail);
      if (written) st.withheld ??= `the edit writes a command that ${written}`;
      return step.text;
    }
    case 'usage':
      return step.text;
    default: {
      // not a form resolution detection writes: withheld; the commands quoted in it say why best
      const quoted = newState();
      for (const cmd of quotedCommands(step.text)) judgeShellText(parser, cmd, quoted);
      st.withheld ??= quoted.withheld ?? 'the fix text is not in a form the policy recognises';
      return step.text;
    }
  }
}

/** Judges one fix text (as stored in error_kb_fixes.resolution) with a loaded parser. */
export function judgeFix(parser: ShellParser, resolution: string, proof: string): Verdict {
  const problem = textProblem(resolution);
  if (problem) return { cls: 'withheld', reason: problem, text: '' };
  if (/\[REDACTED/.test(resolution) || redact(resolution) !== resolution)
    return { cls: 'withheld', reason: 'carries a secret', text: '' };
  const st = newState();
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
    judgeShellText(parser, resolution.replace(/`[^`]*`/g, ' '), prose);
    if (prose.withheld && !/does not parse|nested/.test(prose.withheld)) st.withheld ??= prose.withheld;
    if (prose.fetches && prose.runs) st.withheld ??= 'runs downloaded content';
    st.unknown.clear(); // the user's own text: vouched for by the user
    return finish(st, text);
  }
  const text = stepsOf(resolution)
    .map((s) => judgeStep(parser, s, st))
    .join('; then ');
  return finish(st, text);
}

/** The policy with its parser loaded (about 25 ms the first time in a process). */
export async function loadFixPolicy(): Promise<(resolution: string, proof: string) => Verdict> {
  const parser = await loadShellParser();
  return (resolution, proof) => {
    try {
      return judgeFix(parser, resolution, proof);
    } catch {
      return { cls: 'withheld', reason: 'the policy could not judge it', text: '' };
    }
  };
}
