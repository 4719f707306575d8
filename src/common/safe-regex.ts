// User-supplied regular expressions (config rules) run under a hard bound: they
// are compiled with re2js, a pure-JavaScript port of RE2 whose matching time is linear in the input
// (no backtracking: `(a+)+$` on a long `aaaa…!` costs what `a+$` costs), and an input longer than
// REGEX_INPUT_MAX characters does not match (a cut input could match where the whole would not:
// no match is the safe answer). RE2 has no look-around and no back-references: such a pattern does
// not compile, and the rule is skipped (`self-gen doctor` names it). re2js is loaded on first use,
// so a hook without user rules never pays for it.
import { nativeRequire } from './native.js';

type Re2Module = typeof import('re2js');
let re2mod: Re2Module | null = null;
function re2(): Re2Module {
  re2mod ??= nativeRequire(import.meta.url)('re2js') as Re2Module;
  return re2mod;
}

/** A user regex is tested only on inputs of at most this many characters (longer: no match). */
export const REGEX_INPUT_MAX = 10_000;
/** A longer pattern is refused. */
export const REGEX_SOURCE_MAX = 1000;

export interface SafeRegex {
  readonly source: string;
  /** Unanchored search (like RegExp#test); false for an input longer than REGEX_INPUT_MAX. */
  test(input: string): boolean;
}

export class UnsafeRegexError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeRegexError';
  }
}

/** Compiles `source` with the linear-time engine; throws UnsafeRegexError with a one-line reason. */
export function compileSafeRegex(source: string, opts: { ignoreCase?: boolean } = {}): SafeRegex {
  if (typeof source !== 'string') throw new UnsafeRegexError('not a string');
  if (source.length > REGEX_SOURCE_MAX)
    throw new UnsafeRegexError(`longer than ${REGEX_SOURCE_MAX} characters`);
  const { RE2JS } = re2();
  let re: InstanceType<Re2Module['RE2JS']>;
  try {
    re = RE2JS.compile(source, opts.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (e) {
    const msg = String((e as Error)?.message ?? e).replace(/^error parsing regexp: /, '');
    throw new UnsafeRegexError(
      `${msg} (the linear-time RE2 syntax has no look-around or back-references)`.replace(/\s+/g, ' '),
    );
  }
  return {
    source,
    test: (input: string) => input.length <= REGEX_INPUT_MAX && re.test(input),
  };
}

/** Null when `source` compiles in the linear-time engine, else the reason. */
export function regexProblem(source: string): string | null {
  try {
    compileSafeRegex(source);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
