// git: everything but remote deletion or force, history loss, hooks skipped and configuration or
// commands outside the project.
import type { Word } from './commands.js';
import { flag, operands, W, withhold, type ScriptState } from './state.js';

export function judgeGit(st: ScriptState, args: Word[]): void {
  const i = subcommandAt(st, args);
  const sub = args[i]?.text ?? '';
  const rest = args.slice(i + 1);
  const texts = rest.map((a) => a.text);
  switch (sub) {
    case 'push':
      return judgePush(st, rest);
    case 'reset':
      if (texts.includes('--hard') || texts.includes('--merge') || texts.includes('--keep'))
        return withhold(st, 'discards uncommitted work (git reset --hard)');
      return;
    case 'clean':
      return withhold(st, 'deletes untracked files (git clean)');
    case 'checkout':
    case 'restore': {
      const ops = operands(rest, new Set(['-b', '-B', '--source', '-s']));
      if (!texts.includes('--staged') && ops.some((o) => ['.', '*', ':/', '/'].includes(o.text)))
        return withhold(st, 'discards uncommitted work');
      return;
    }
    case 'stash':
      if (['drop', 'clear'].includes(texts[0] ?? '')) return withhold(st, 'deletes stashed work');
      return;
    case 'filter-branch':
    case 'filter-repo':
    case 'replace':
      return withhold(st, 'rewrites history');
    case 'reflog':
    case 'gc':
    case 'prune':
      if (texts.some((t) => /^(?:expire|delete|--prune=now|--expire=now)/.test(t)) || sub === 'prune')
        return withhold(st, 'deletes unreachable commits');
      return;
    case 'config':
      return judgeGitConfig(st, [W('config'), ...rest]);
    case 'credential':
    case 'credential-store':
    case 'credential-cache':
      return withhold(st, 'reads a credential store');
    case 'send-email':
    case 'request-pull':
    case 'archive':
      if (sub !== 'archive' || texts.some((t) => t.startsWith('--remote')))
        return withhold(st, 'sends local files to another machine');
      return;
    default:
      return;
  }
}

/** Index of the subcommand after git's own options; `-c name=value` is judged as `git config`. */
function subcommandAt(st: ScriptState, args: Word[]): number {
  let i = 0;
  while (i < args.length && args[i]!.text.startsWith('-')) {
    const t = args[i]!.text;
    if (t === '-c') {
      judgeGitConfig(st, [W('config'), args[i + 1] ?? W('')]);
      i += 2;
    } else i += ['-C', '--git-dir', '--work-tree', '--namespace'].includes(t) ? 2 : 1;
  }
  return i;
}

function judgePush(st: ScriptState, rest: Word[]): void {
  if (
    flag(
      rest,
      /^(?:-[a-z]*f[a-z]*|--force(?:-with-lease|-if-includes)?(?:=.*)?|--mirror|--delete|-d|--prune|--all)$/,
    )
  )
    return withhold(st, 'force-pushes or deletes remote branches');
  if (
    rest.some(
      (a) => !a.text.startsWith('-') && (a.text.startsWith('+') || a.text.startsWith(':') || a.dynamic),
    )
  )
    return withhold(st, 'force-pushes or deletes remote branches');
}

function judgeGitConfig(st: ScriptState, words: Word[]): void {
  const args = words.slice(1);
  if (flag(args, /^--(?:global|system|file|f)$|^-f$/))
    return withhold(st, 'changes configuration outside the project');
  const joined = args.map((a) => a.text).join(' ');
  if (/\b(?:http\.sslverify|http\.[^\s]*sslverify)\b[\s=]*(?:false|0|no)/i.test(joined))
    return withhold(st, 'turns off TLS checks');
  if (
    /\b(?:core\.(?:sshcommand|hookspath|fsmonitor|pager|editor|askpass|gitproxy)|credential\.|url\.|alias\.\S+\s*=?\s*!|diff\.\S+\.command|filter\.\S+\.(?:clean|smudge|process)|include\.path|includeif)/i.test(
      joined,
    )
  )
    return withhold(st, 'sets a command git runs or a credential setting');
}

/** npm, pnpm, yarn, bun. */
