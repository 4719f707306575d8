// What is never offered (nor stored) as a fix: commands that download and execute, destroy data,
// force-push, disable safety checks, or carry secrets. One list, used when a fix is recorded and
// again, after every KB search, before any advice is shown (error-kb/advice.ts).
import { redact } from '../common/redact.js';
import { coreWords, segments } from './shell.js';

export type UnsafeKind = 'download-exec' | 'destroys-data' | 'force-push' | 'disables-safety' | 'secret';

export interface Unsafe {
  kind: UnsafeKind;
  why: string;
}

const SHELLS = String.raw`(?:sudo\s+(?:-\S+\s+)*)?(?:ba|z|da|k|fi)?sh|python[\d.]*|node|perl|ruby|iex|invoke-expression|pwsh|powershell`;
const FETCH = String.raw`(?:curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)`;

const PATTERNS: [UnsafeKind, RegExp, string][] = [
  [
    'download-exec',
    new RegExp(String.raw`\b${FETCH}\b[^\n]*\|\s*(?:${SHELLS})\b`, 'i'),
    'downloads and runs a script',
  ],
  [
    'download-exec',
    new RegExp(String.raw`(?:${SHELLS}|source|\.)\s+<\(\s*${FETCH}\b`, 'i'),
    'downloads and runs a script',
  ],
  [
    'download-exec',
    new RegExp(String.raw`(?:${SHELLS})\s+-c\s+["']?\$\(\s*${FETCH}\b`, 'i'),
    'downloads and runs a script',
  ],
  [
    'download-exec',
    new RegExp(String.raw`\b(?:iex|invoke-expression)\b[^\n]*\b${FETCH}\b`, 'i'),
    'downloads and runs a script',
  ],
  ['download-exec', /\beval\s+["']?\$\(\s*(?:curl|wget)\b/i, 'downloads and runs a script'],
  ['destroys-data', /\bgit\s+reset\s+(?:\S+\s+)*--hard\b/i, 'discards uncommitted work (git reset --hard)'],
  ['destroys-data', /\bgit\s+clean\s+(?:\S+\s+)*-[a-z]*[dx][a-z]*\b/i, 'deletes untracked files (git clean)'],
  ['destroys-data', /\bgit\s+(?:checkout|restore)\s+(?:--\s+)?\.(?:\s|$)/i, 'discards uncommitted work'],
  ['destroys-data', /\b(?:drop\s+(?:table|database|schema)|truncate\s+table)\b/i, 'drops data (SQL)'],
  ['destroys-data', /\bmkfs(?:\.\w+)?\b/i, 'formats a file system'],
  ['destroys-data', /\bdd\b[^\n]*\bof=/i, 'writes raw blocks (dd of=)'],
  ['destroys-data', />\s*\/dev\/(?:sd|nvme|hd|disk)/i, 'writes to a raw disk'],
  ['destroys-data', /:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/, 'fork bomb'],
  [
    'force-push',
    /\bgit\s+push\b[^\n]*(?:\s-[a-z]*f[a-z]*\b|--force\b|--force-with-lease\b|\s\+\S+)/i,
    'force-pushes',
  ],
  ['disables-safety', /--no-verify\b/i, 'skips hooks and checks (--no-verify)'],
  [
    'disables-safety',
    /\bchmod\s+(?:-\S+\s+)*(?:0?777|a\+rwx|ugo\+rwx)\b/i,
    'makes files writable by everyone (chmod 777)',
  ],
  [
    'disables-safety',
    /\bstrict-ssl\s*(?:=|\s)\s*false\b|\bsslverify\s*(?:=|\s)\s*false\b/i,
    'turns off TLS checks',
  ],
  [
    'disables-safety',
    /\bNODE_TLS_REJECT_UNAUTHORIZED\s*=\s*["']?0|\bPYTHONHTTPSVERIFY\s*=\s*["']?0/i,
    'turns off TLS checks',
  ],
  ['disables-safety', /\bsetenforce\s+0\b|\bufw\s+disable\b/i, 'turns off a security layer'],
];

/** Folders `rm -rf` may delete in a fix: build output and caches that tools recreate. */
const REBUILDABLE =
  /^(?:\.\/)?(?:[\w.-]+\/)*(?:node_modules|dist|build|out|target|coverage|\.cache|\.next|\.nuxt|\.turbo|\.parcel-cache|\.vite|__pycache__|\.pytest_cache|\.mypy_cache|\.ruff_cache|\.tox|\.venv|venv|\.gradle|\.dart_tool|\.angular|\.svelte-kit|[\w.-]+\.egg-info|\.eslintcache|\.tsbuildinfo|tsconfig\.tsbuildinfo|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|go\.sum|__snapshots__)\/?$/;

function rmDestroys(words: string[]): boolean {
  const c = coreWords(words);
  if (!c.length || !/^(?:rm|rmdir|del|rd|remove-item)$/i.test(c[0]!.split('/').pop()!)) return false;
  const flags = c.slice(1).filter((w) => w.startsWith('-'));
  const recursive = flags.some((f) => /^-[a-z]*r/i.test(f) || f === '--recursive' || /^-recurse$/i.test(f));
  if (!recursive) return false;
  const targets = c.slice(1).filter((w) => !w.startsWith('-'));
  if (targets.length === 0) return false;
  return targets.some((t) => !REBUILDABLE.test(t));
}

/** Why a fix text must never be offered, or null when it may be. */
export function unsafeFix(text: string | null | undefined): Unsafe | null {
  if (!text) return null;
  const t = text.slice(0, 4000);
  for (const [kind, re, why] of PATTERNS) if (re.test(t)) return { kind, why };
  // rm -r of anything but rebuildable output, in any command quoted in the text
  for (const cmd of quotedCommands(t)) {
    for (const s of segments(cmd))
      if (rmDestroys(s.words)) return { kind: 'destroys-data', why: 'deletes files (rm -r)' };
  }
  if (/\[REDACTED/.test(t) || redact(t) !== t) return { kind: 'secret', why: 'carries a secret' };
  return null;
}

/** The command-like parts of a fix text: backquoted spans, `Bash: …` forms, else the whole text. */
function quotedCommands(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/`([^`]{1,1000})`/g)) out.push(m[1]!);
  for (const m of text.matchAll(/\bBash:\s*([^\n]{1,1000})/g)) out.push(m[1]!);
  if (out.length === 0) out.push(text);
  return out;
}
