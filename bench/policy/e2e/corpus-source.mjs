// The corpus of the end-to-end policy runner: `loadV2()` of bench/policy/v2/corpus.mjs when it
// exists, else a stand-in over the first corpus (bench/policy/dangerous.txt, ordinary.txt), or a
// file named on the command line (a .json of the same shape, or a module exporting loadV2).
//   { dangerous: {cls, fix, half}[], ordinary: {source, fix, half}[] }, half: 'tune' | 'heldout'
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpus } from '../corpus.mjs';

const V2 = join(import.meta.dirname, '..', 'v2', 'corpus.mjs');

/** The split rule of the corpora: held-out when sha256(fix)'s first hex digit is 8–f. */
export const halfOf = (fix) =>
  parseInt(createHash('sha256').update(fix).digest('hex')[0], 16) >= 8 ? 'heldout' : 'tune';

/** The first corpus as the v2 interface: every line of class 'old', its half by the split rule. */
export function loadOld() {
  return {
    dangerous: loadCorpus('dangerous').map((fix) => ({ cls: 'old', fix, half: halfOf(fix) })),
    ordinary: loadCorpus('ordinary').map((fix) => ({
      source: 'bench/policy/ordinary.txt',
      fix,
      half: halfOf(fix),
    })),
  };
}

function checked(c, name) {
  const ok =
    c &&
    Array.isArray(c.dangerous) &&
    Array.isArray(c.ordinary) &&
    [...c.dangerous, ...c.ordinary].every(
      (e) => typeof e?.fix === 'string' && e.fix.trim() && (e.half === 'tune' || e.half === 'heldout'),
    );
  if (!ok)
    throw new Error(
      `${name}: not a corpus ({ dangerous: {cls, fix, half}[], ordinary: {source, fix, half}[] })`,
    );
  return {
    name,
    dangerous: c.dangerous.map((e) => ({ cls: String(e.cls ?? 'unclassed'), fix: e.fix, half: e.half })),
    ordinary: c.ordinary.map((e) => ({ source: String(e.source ?? ''), fix: e.fix, half: e.half })),
  };
}

/**
 * The corpus: `spec` is 'v2', 'old', a path (.json or a module with loadV2), or undefined (v2 when
 * it exists, else the first corpus).
 */
export async function loadE2eCorpus(spec, cwd = process.cwd()) {
  if (spec === 'old' || (!spec && !existsSync(V2)))
    return checked(loadOld(), 'bench/policy/*.txt (stand-in: class "old")');
  if (spec === 'v2' || !spec)
    return checked(await (await import(pathToFileURL(V2).href)).loadV2(), 'bench/policy/v2');
  const file = isAbsolute(spec) ? spec : resolve(cwd, spec);
  if (file.endsWith('.json')) return checked(JSON.parse(readFileSync(file, 'utf8')), spec);
  return checked(await (await import(pathToFileURL(file).href)).loadV2(), spec);
}
