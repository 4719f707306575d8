// Synthetic but realistic-looking error messages for filling a KB (latency benchmarks, distractors).
// Deterministic for a seed; every message is distinct after normalizeError.

// Variable parts stay outside quotes so they survive normalizeError (each entry stays distinct).
const TEMPLATES: ((w: () => string, n: () => number) => string)[] = [
  (w) => `Error: Cannot resolve ${w()}-${w()} from ${w()} package ${w()}`,
  (w) => `TypeError: ${w()}${cap(w())} is not a function`,
  (w) => `ReferenceError: ${w()}${cap(w())} is not defined`,
  (w, n) =>
    `src/${w()}/${w()}.ts(${n()},${n()}): error TS${2300 + (n() % 600)}: Property ${w()} does not exist on type ${cap(w())}${cap(w())}.`,
  (w) => `ModuleNotFoundError: No module named ${w()}_${w()}`,
  (w) => `AttributeError: ${cap(w())}${cap(w())} object has no attribute ${w()}_${w()}`,
  (w) => `error[E0412]: cannot find type ${cap(w())}${cap(w())} in module ${w()}`,
  (w) => `fatal: couldn't find remote ref ${w()}/${w()}-${w()}`,
  (w) => `npm ERR! missing script: ${w()}:${w()}`,
  (w) => `docker: Error response from daemon: No such container: ${w()}-${w()}-${w()}`,
  (w) => `E       ${cap(w())}${cap(w())}Error: ${w()} ${w()} ${w()}`,
  (w) => `KeyError: ${w()}_${w()}_${w()} missing in ${w()}`,
  (w) => `${w()}: command not found (${w()} ${w()})`,
  (w) => `panic: runtime error: ${w()} ${w()} out of range in ${w()}.${cap(w())}`,
  (w) => `java.lang.IllegalStateException: ${cap(w())} ${w()} is not ${w()} for ${w()}`,
  (w) => `Uncaught ${cap(w())}Exception: ${w()} ${w()} failed for ${w()}`,
];

const SYLLABLES = 'ka ri to mo na lu pe si da vo ze fi gu ha ne bo ra mi te lo su pa ki do'.split(' ');

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** `n` distinct error messages (seeded). Words are made-up syllable strings, so they never share
 * a distinctive word with a real error by chance. */
export function synthErrors(n: number, seed = 1): string[] {
  const r = rng(seed);
  const word = () => {
    const k = 2 + Math.floor(r() * 3);
    let s = '';
    for (let i = 0; i < k; i++) s += SYLLABLES[Math.floor(r() * SYLLABLES.length)];
    return s;
  };
  const num = () => 1 + Math.floor(r() * 400);
  const out = new Set<string>();
  let guard = 0;
  while (out.size < n && guard++ < n * 20) {
    const t = TEMPLATES[Math.floor(r() * TEMPLATES.length)] as (w: () => string, n: () => number) => string;
    out.add(t(word, num));
  }
  return [...out];
}
