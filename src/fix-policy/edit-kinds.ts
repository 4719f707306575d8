// Edit grammars by the kind of file edited: configuration and code files whose edits stay in their
// project by default (config-write, edit-file-kind, edit-code, json-key) cross projects when every
// line the edit changed, on both sides, is of its file kind's grammar: a word the grammar knows in
// the file's own syntax (an official image's variant, a known API group, a standard header, a test
// environment…), never a release the fix chooses, a path, a URL, a host, a registry or code.
// Files in hidden folders (.git/, .github/, .claude/, .vscode/) and hidden files are some tool's
// configuration whatever their name: no grammar here.
import { changedLines, type EditKind, type ShellSafe } from './edit-lines.js';
import { BUILD_KINDS } from './edit-kinds-build.js';
import { CODE_KINDS } from './edit-kinds-code.js';
import { DEP_KINDS } from './edit-kinds-deps.js';
import { SETTINGS_KINDS } from './edit-kinds-settings.js';
import { SHELL_KINDS } from './edit-kinds-shell.js';

const KINDS: EditKind[] = [...BUILD_KINDS, ...CODE_KINDS, ...DEP_KINDS, ...SHELL_KINDS, ...SETTINGS_KINDS];

/** Whether an edit of `path` from `before` to `after` changes only lines of its file kind's grammar. */
export function kindEditOk(path: string, before: string, after: string, shellSafe: ShellSafe): boolean {
  if (/…$/.test(before) || /…$/.test(after)) return false;
  if (path.split('/').some((p) => p.startsWith('.') && p !== '.' && p !== '..')) return false;
  const { added, removed } = changedLines(before, after);
  if (!added.length && !removed.length) return false;
  // a file of several kinds (a settings module is Python too): the edit is of one of them
  return KINDS.some((kind) => {
    if (!kind.file.test(path)) return false;
    const line = kind.line;
    if (
      line &&
      !(removed.every((l) => line(l, true, shellSafe)) && added.every((l) => line(l, false, shellSafe)))
    )
      return false;
    return !kind.change || kind.change(removed, added, shellSafe);
  });
}
