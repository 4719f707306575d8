// One operand kind for every ecosystem: a version constraint (`^1.2`, `>=3`, `~> 1.15`, `<2.0`,
// `1.2.3`, `==1.2.3`, `<=2.0.1`). A constraint that admits a range of releases crosses projects; one
// that picks a release stays in the project that proved it: a chosen release is what an attacker
// chooses (a release with a published vulnerability, a compromised one) and the least portable part
// of a fix. Judged here for npm, PyPI, gems, crates, Composer, Go modules, NuGet, toolchain versions
// and runtime pin files alike.

/** One comparator: an operator and a version (`>=1.2`, `~> 1.15`, `v1.2.3`, `1.x`). */
const COMPARATOR =
  /^(===|==|=|<=|>=|<|>|!=|\^|~>|~=|~)?\s*v?(\d+(?:\.(?:\d+|[xX*]))*)([-+._]?[A-Za-z][\w.+-]*|[-+][\w.+-]*)?$/;

/** The numeric components of a version (`1.24.2` → [1, 24, 2]); a wildcard ends them. */
function components(version: string): number[] {
  const out: number[] = [];
  for (const c of version.split('.')) {
    if (!/^\d+$/.test(c)) break;
    out.push(Number(c));
  }
  return out;
}

/**
 * Whether one comparator picks a release: `==` and `===` (PyPI's exact match), a version with every
 * component (`1.2.3`, `=1.2.3`, `1.2.3-rc1`; not `21-tem`, a major with a vendor), any `<=` cap, or a `<` cap at a patch release
 * (`<1.24.2`). A cap that excludes whole release lines (`<2`, `<2.0`, `<3.1.0`) is a range.
 */
function picksRelease(op: string, version: string): boolean {
  const parts = components(version);
  const full = parts.length >= 3 && parts.length === version.split('.').length;
  switch (op) {
    case '==':
    case '===':
      return true;
    case '':
    case '=':
      return full;
    case '<=':
      return true;
    case '<':
      return parts.length >= 3 && parts.slice(2).some((n) => n !== 0);
    default:
      return false;
  }
}

/**
 * What a version constraint is: 'range' (admits a range of releases: a name alone, `^`, `~`, `>=`,
 * a major or major.minor, a wildcard, a cap at a release line), 'release' (picks one release), or
 * null when it is not a version constraint at all (a tag, a branch, a hash, a URL).
 */
export function versionConstraint(text: string): 'range' | 'release' | null {
  const t = text
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace(/([<>=!^~]+)\s+(?=v?\d)/g, '$1');
  if (t === '' || t === '*' || /^(?:latest|stable|lts|next|x)$/i.test(t)) return 'range';
  let release = false;
  for (const alt of t.split('||'))
    for (const part of alt.trim().split(/\s*,\s*|\s+(?=[<>=!^~\d])/)) {
      if (!part) continue;
      const m = COMPARATOR.exec(part.trim());
      // `==` names one release, whatever its spelling (`==3.0.0a10`, `==1.0.post1`)
      if (!m && /^===?/.test(part.trim())) release = true;
      else if (!m) return null;
      else if (picksRelease(m[1] ?? '', m[2]!)) release = true;
    }
  return release ? 'release' : 'range';
}

/** Whether a version constraint (or a version) picks one release; false for ranges and non-versions. */
export const picksOneRelease = (text: string): boolean => versionConstraint(text) === 'release';
