// The shell text that needs no parser: plain words separated by single spaces, commands joined by a
// standalone `&&` or `||` (`rm -rf node_modules && npm install`). Its words hold only characters the
// shell gives no meaning to (letters, digits, `_ @ % + , . / : = -`), so each word is its own text and
// nothing is computed; no command starts with an assignment, a reserved word or a declaration. Such a
// text reads the same to bash as to tree-sitter-bash (a test compares the two on every corpus line),
// and most learnt fixes are like it: judging them skips loading the WebAssembly parser. Anything else
// (quotes, `$`, globs, `~`, redirections, pipes, `;`, tabs, new lines) returns undefined.
import type { ParsedScript, SimpleCommand } from './commands.js';

const WORD = /^[\w@%+,./:=-]+$/;
/** Bash's reserved words, and the builtins tree-sitter-bash reads as declarations. */
const SPECIAL = new Set(
  (
    'case coproc do done elif else esac fi for function if in select then until while time ' +
    'declare typeset export readonly local unset unsetenv'
  ).split(' '),
);

/** The commands of a plain text, as the parser would give them; undefined when it is not plain. */
export function plainScript(text: string): ParsedScript | undefined {
  if (text.length === 0 || text.length > 4000) return undefined;
  const commands: SimpleCommand[] = [];
  let words: SimpleCommand['words'] = [];
  const end = (): boolean => {
    if (words.length === 0) return false;
    commands.push({ assignments: [], words, redirects: [], piped: false, inline: false });
    words = [];
    return true;
  };
  let andChain = true;
  for (const tok of text.split(' ')) {
    if (tok === '&&' || tok === '||') {
      if (!end()) return undefined;
      if (tok === '||') andChain = false;
      continue;
    }
    if (!WORD.test(tok) || SPECIAL.has(tok)) return undefined;
    if (words.length === 0 && tok.includes('=')) return undefined;
    words.push({ text: tok, dynamic: false });
  }
  if (!end()) return undefined;
  return { commands, problems: [], comments: [], loops: [], andChain };
}
