// Paths in a fix command: inside the project (relative, never above its root) or not, and the
// credential stores no fix may touch.
import type { Word } from './commands.js';
import { pathClass } from './expand.js';

const DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

/**
 * A path a fix may write or delete: static, relative, never above the project root ('..' may not
 * climb out), not in the home folder. `/dev/null` and the like are fine.
 */
export function insideProject(w: Word): boolean {
  if (!w.dynamic && DEVICES.has(w.text)) return true;
  return pathClass(w) !== 'outside';
}

/** Folders `rm -r` may delete in a fix: build output and caches that tools recreate. */
const REBUILDABLE =
  /^(?:\.\/)?(?:[\w.-]+\/)*(?:node_modules|dist|build|out|target|coverage|\.cache|\.next|\.nuxt|\.turbo|\.parcel-cache|\.vite|__pycache__|\.pytest_cache|\.mypy_cache|\.ruff_cache|\.tox|\.venv|venv|\.gradle|\.dart_tool|\.angular|\.svelte-kit|[\w.-]+\.egg-info|\.eslintcache|\.tsbuildinfo|tsconfig\.tsbuildinfo|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|go\.sum|__snapshots__|bin|obj|\.terraform|\.expo|\.docusaurus|\.serverless|\.webpack|\.nx|\.pnpm-store|Pods|Podfile\.lock|DerivedData|\.build|\.swiftpm|_build|\.stack-work|dist-newstyle|zig-out|\.zig-cache|zig-cache)\/?$/;

export const rebuildable = (w: Word): boolean => insideProject(w) && REBUILDABLE.test(w.text);

/** Credential stores and private keys (home-relative or anywhere), by path. */
const CREDENTIAL_PATH =
  /(?:^|[\s/=:@'"<>])(?:\.ssh(?:\/|$)|\.aws\/|\.aws$|\.gnupg|\.kube\/config|\.docker\/config\.json|\.netrc|_netrc|\.git-credentials|\.pypirc|\.config\/gh\/|\.config\/gcloud|\.azure\/|\.vault-token|\.terraformrc|\.cargo\/credentials|\.gem\/credentials|\.password-store|id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?\b|\/etc\/(?:shadow|gshadow|sudoers)|Keychains?\/|login\.keychain)/i;
/** The user's npm config (it holds registry tokens), and any token setting in an npmrc. */
const NPMRC =
  /(?:~|\$HOME|\$\{HOME\}|\/home\/[^/\s]+|\/Users\/[^/\s]+|\/root)\/\.npmrc|\b_authToken\b|\b_auth\s*=|\/\/[^\s]*:_password/i;

/** Does this text name a credential store? */
export function namesCredentials(text: string): boolean {
  return CREDENTIAL_PATH.test(text) || NPMRC.test(text);
}
