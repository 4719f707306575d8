// File names in free text (error messages, commands) and path-component matching.

// Text is split on delimiters into tokens, and each token (≤ 300 chars) is tested on its own:
// linear in the text length, whatever the text (no nested quantifiers over the whole input).
const DELIMS = /[\s'"`()[\]{}<>,;|=]+/;
const FILE_TOKEN = /^(?:~|\.{1,2})?[\w@+./-]{0,280}\.[A-Za-z][A-Za-z0-9]{0,7}$/;
const POSITION_SUFFIX = /(?::\d+)+$|\(\d+(?:,\d+)?\)$|::[\w[\]-]+$/;

/** File paths named in a text, in order of appearance, without duplicates (at most 20). */
export function extractFiles(text: string | undefined | null): string[] {
  if (!text) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of text.slice(0, 20000).split(DELIMS)) {
    if (raw.length < 3 || raw.length > 300 || raw.includes('://')) continue;
    let f = raw
      .replace(/[.:,;]+$/, '')
      .replace(POSITION_SUFFIX, '')
      .replace(/[.:,;]+$/, '');
    if (!FILE_TOKEN.test(f)) continue;
    if (/^\d+(\.\d+)+$/.test(f) || /^[\w-]+\.(com|org|net|io|dev)$/i.test(f)) continue; // versions, hosts
    f = f.replace(/^\.\//, '');
    if (!seen.has(f)) {
      seen.add(f);
      out.push(f);
      if (out.length >= 20) break;
    }
  }
  return out;
}

function parts(p: string): string[] {
  return p
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s && s !== '.');
}

/**
 * True when two paths name the same file by whole path components: the shorter one's components
 * are the tail of the longer one's. `config.json` matches `/p/config.json` but never
 * `/p/tsconfig.json`; `app/a.ts` matches `/p/app/a.ts` but not `/p/lib/a.ts`.
 */
export function sameFile(a: string, b: string): boolean {
  const pa = parts(a);
  const pb = parts(b);
  if (!pa.length || !pb.length) return false;
  const [short, long] = pa.length <= pb.length ? [pa, pb] : [pb, pa];
  // Two absolute paths must be equal.
  if (a.startsWith('/') && b.startsWith('/') && pa.length !== pb.length) return false;
  for (let i = 1; i <= short.length; i++) {
    if (short[short.length - i] !== long[long.length - i]) return false;
  }
  return true;
}
