// Every simple command of a parsed shell text, wherever it sits: pipelines, lists, subshells,
// `$(…)`, backticks, `<(…)`, conditionals and loops, here-documents (the commands after `<<EOF |`
// and the substitutions inside an unquoted body). Each word is given as the text the shell would
// see when it is static, and flagged when it is computed at run time (an expansion, a substitution).
import type { Node, Tree } from 'web-tree-sitter';
import type { Reason } from './rules.js';

export interface Word {
  /** The word without quotes; expansions kept as written (`$HOME`, `$(…)`). */
  text: string;
  /** Part of it is computed when the command runs. */
  dynamic: boolean;
}

export interface Redirect {
  /** `>`, `>>`, `<`, `&>`, `>|`… */
  op: string;
  target: Word;
}

export interface SimpleCommand {
  /** `NAME=value` before the command (or alone on a line). */
  assignments: { name: string; value: Word }[];
  /** The command name and its arguments. */
  words: Word[];
  redirects: Redirect[];
  /** Its standard input comes from a pipe. */
  piped: boolean;
  /** Its standard input is inline text (a here-document or here-string). */
  inline: boolean;
}

export interface ParsedScript {
  commands: SimpleCommand[];
  /** Why the text cannot be judged (a syntax error, a function definition…), or empty. */
  problems: Reason[];
  /** Comment ranges [start, end) in the text. */
  comments: [number, number][];
  /** The loops (`while`, `until`, `for`) it has: a loop repeats its commands as often as it likes. */
  loops: string[];
  /**
   * Its commands run one after another in this shell, each only when the one before succeeded: a
   * single `&&` list of simple commands (no subshell, pipe, `;`, `||`, `&`). Only then does a `cd`
   * say where the next command runs.
   */
  andChain: boolean;
}

interface Ctx {
  piped: boolean;
  inline: boolean;
  redirects: Redirect[];
}

const PLAIN: Ctx = { piped: false, inline: false, redirects: [] };
const named = (n: Node): Node[] => n.namedChildren.filter((c): c is Node => c !== null);

function unescapeWord(s: string): string {
  return s.replace(/\\(.)/gs, (_, c: string) => (c === '\n' ? '' : c));
}

/** The text of an argument node and whether it is computed at run time. */
export function wordOf(n: Node): Word {
  switch (n.type) {
    case 'word':
    case 'number':
      return { text: unescapeWord(n.text), dynamic: false };
    case 'raw_string':
      return { text: n.text.slice(1, -1), dynamic: false };
    case 'string': {
      let dynamic = false;
      let text = '';
      const inner = n.text.slice(1, -1);
      for (const c of named(n)) if (c.type !== 'string_content') dynamic = true;
      text = inner.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === '\n' ? '' : c));
      return { text, dynamic };
    }
    case 'concatenation': {
      const parts = n.children.filter((c): c is Node => c !== null).map(wordOf);
      return { text: parts.map((p) => p.text).join(''), dynamic: parts.some((p) => p.dynamic) };
    }
    case 'simple_expansion':
    case 'expansion':
      return { text: n.text.replace(/^\$\{([A-Za-z_]\w*)\}$/, '$$$1'), dynamic: true };
    default:
      return { text: n.text, dynamic: true };
  }
}

/** `NAME=value` as a name and a word. */
function assignmentOf(n: Node): SimpleCommand['assignments'][number] {
  const v = n.childForFieldName('value');
  return {
    name: n.childForFieldName('name')?.text ?? '',
    value: v ? wordOf(v) : { text: '', dynamic: false },
  };
}

/** Walks a parse tree into its simple commands. */
export function commandsOf(tree: Tree): ParsedScript {
  const walker = new ScriptWalker();
  if (tree.rootNode.hasError) walker.problem('the text does not parse as a shell command');
  walker.walk(tree.rootNode, PLAIN);
  walker.out.andChain = !tree.rootNode.hasError && isAndChain(tree.rootNode);
  return walker.out;
}

/** A program of one command or one `&&` list of commands (tree-sitter nests `a && b && c` to the left). */
function isAndChain(root: Node): boolean {
  const top = named(root).filter((n) => n.type !== 'comment');
  if (top.length !== 1) return false;
  const chain = (n: Node): boolean => {
    if (n.type === 'command')
      return !named(n).some(
        (c) =>
          /substitution/.test(c.type) ||
          c.descendantsOfType(['command_substitution', 'process_substitution']).length > 0,
      );
    if (n.type !== 'list') return false;
    const ops = n.children.filter((c): c is Node => c !== null && !c.isNamed);
    return ops.every((o) => o.type === '&&') && named(n).every(chain);
  };
  return chain(top[0]!);
}

/** The commands, problems and comments found so far, and one method per kind of node. */
class ScriptWalker {
  readonly out: ParsedScript = { commands: [], problems: [], comments: [], loops: [], andChain: false };

  problem(p: Reason): void {
    if (!this.out.problems.includes(p)) this.out.problems.push(p);
  }

  walk(n: Node, ctx: Ctx): void {
    if (n.isMissing || n.type === 'ERROR') this.problem('the text does not parse as a shell command');
    switch (n.type) {
      case 'comment':
        this.out.comments.push([n.startIndex, n.endIndex]);
        return;
      case 'function_definition':
        this.problem('it defines a shell function');
        return;
      case 'while_statement':
      case 'for_statement':
      case 'c_style_for_statement':
        this.out.loops.push(n.firstChild?.text ?? n.type);
        for (const c of named(n)) this.walk(c, ctx);
        return;
      case 'pipeline':
        named(n).forEach((c, i) => this.walk(c, i === 0 ? ctx : { ...ctx, piped: true }));
        return;
      case 'redirected_statement':
        return this.redirected(n, ctx);
      case 'command':
        return this.command(n, ctx);
      case 'variable_assignment':
        return this.assignment(n, ctx);
      case 'declaration_command':
      case 'unset_command':
        return this.declaration(n, ctx);
      default:
        for (const c of named(n)) this.walk(c, ctx);
    }
  }

  /** A statement with redirects: files written, here-documents, and the pipeline after `<<EOF |`. */
  private redirected(n: Node, ctx: Ctx): void {
    const redirects: Redirect[] = [...ctx.redirects];
    let inline = ctx.inline;
    const tails: Node[] = [];
    for (const r of n.childrenForFieldName('redirect')) {
      if (!r) continue;
      if (r.type === 'file_redirect') {
        const dest = r.childForFieldName('destination');
        const op = r.children.find((c) => c && !c.isNamed)?.type ?? '>';
        if (dest) redirects.push({ op, target: wordOf(dest) });
        for (const c of named(r)) this.walkInside(c);
      } else if (r.type === 'heredoc_redirect' || r.type === 'herestring_redirect') {
        inline = true;
        for (const c of named(r)) {
          if (['heredoc_start', 'heredoc_end'].includes(c.type)) continue;
          if (c.type === 'heredoc_body' || r.type === 'herestring_redirect') this.walkInside(c);
          else tails.push(c); // `cat <<EOF | python3`: the rest of the pipeline
        }
      } else this.walkInside(r);
    }
    const body = n.childForFieldName('body');
    if (body) this.walk(body, { ...ctx, inline, redirects });
    for (const t of tails) this.walk(t, { ...PLAIN, piped: true });
  }

  /** `NAME=value` alone on a line. */
  private assignment(n: Node, ctx: Ctx): void {
    const value = n.childForFieldName('value');
    this.out.commands.push({
      assignments: [assignmentOf(n)],
      words: [],
      redirects: ctx.redirects,
      piped: ctx.piped,
      inline: ctx.inline,
    });
    if (value) this.walkInside(value);
  }

  /** `export`, `declare`, `local`, `unset`…: the keyword as the command name. */
  private declaration(n: Node, ctx: Ctx): void {
    const words: Word[] = [];
    const assignments: SimpleCommand['assignments'] = [];
    const kw = n.children.find((c) => c && !c.isNamed);
    if (kw) words.push({ text: kw.type, dynamic: false });
    for (const c of named(n)) {
      if (c.type === 'variable_assignment') assignments.push(assignmentOf(c));
      else words.push(wordOf(c));
      this.walkInside(c);
    }
    this.out.commands.push({
      assignments,
      words,
      redirects: ctx.redirects,
      piped: ctx.piped,
      inline: ctx.inline,
    });
  }

  /** Substitutions inside a word run too: their commands are collected as commands of their own. */
  private walkInside(n: Node): void {
    if (n.type === 'command_substitution' || n.type === 'process_substitution') {
      for (const c of named(n)) this.walk(c, PLAIN);
      return;
    }
    if (n.isMissing || n.type === 'ERROR') this.problem('the text does not parse as a shell command');
    for (const c of named(n)) this.walkInside(c);
  }

  private command(n: Node, ctx: Ctx): void {
    const assignments: SimpleCommand['assignments'] = [];
    const words: Word[] = [];
    const redirects = [...ctx.redirects];
    for (const c of named(n)) {
      if (c.type === 'variable_assignment') assignments.push(assignmentOf(c));
      else if (c.type === 'command_name') {
        const w = c.namedChildren[0];
        words.push(w ? wordOf(w) : { text: c.text, dynamic: true });
      } else if (c.type === 'file_redirect') {
        const dest = c.childForFieldName('destination');
        const op = c.children.find((x) => x && !x.isNamed)?.type ?? '>';
        if (dest) redirects.push({ op, target: wordOf(dest) });
      } else if (c.type !== 'herestring_redirect') words.push(wordOf(c));
      this.walkInside(c);
    }
    const inline = ctx.inline || named(n).some((c) => c.type === 'herestring_redirect');
    this.out.commands.push({ assignments, words, redirects, piped: ctx.piped, inline });
  }
}
