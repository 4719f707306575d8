// Does a successful call prove a failed one? (the rules in resolution.ts's header): same command
// (shell.ts keys), same file, same target; and the output check of a piped command without pipefail.
import { sameFile } from '../common/files.js';
import { FILE_EDIT_TOOLS } from '../hook/contract/tool-input.js';
import { COMMAND_TOOLS, FILE_TOOLS, SAME_FAMILY, toolUsageKind, type Call } from './resolution-call.js';
import {
  commandKey,
  commandKeys,
  canonicalWords,
  hasPipefail,
  isFilterSegment,
  isInspectionCommand,
  isInspectionSegment,
  operands,
  segmentKey,
  segments,
} from './shell.js';

/** The keys a failing command is proven by: its meaningful segments, else (inspection only) all. */
function proofKeys(command: string): string[] {
  const keys = commandKeys(command);
  if (keys.length) return keys;
  return segments(command)
    .map((s) => segmentKey(s.words))
    .filter(Boolean);
}

/**
 * Does successful command `ok` prove failing command `failed`? Each meaningful segment of `failed`
 * must end `ok` or an `&&` link of it, or feed only filters (`| tail -20`, `| grep FAIL`) when the
 * pipeline's status is honest (`set -o pipefail`) or, without it (the status is the filter's),
 * when `outputClean` says the output showed no error.
 */
export function commandProves(failed: string, ok: string, outputClean = false): boolean {
  const want = proofKeys(failed);
  if (!want.length) return false;
  const segs = segments(ok);
  // `… || true`, `… ; exit 0`: the exit status says nothing.
  if (segs.some((s) => s.next === '||') || /\b(?:exit 0|true|:)\s*$/.test(ok.trim())) return false;
  const honest = (next: string) => next === '' || next === '&&' || next === '\n';
  const pipeOk = hasPipefail(ok) || outputClean;
  const proofAt = (i: number): boolean => {
    if (honest(segs[i]!.next)) return true;
    if (segs[i]!.next !== '|' || !pipeOk) return false;
    let j = i + 1;
    while (j < segs.length && isFilterSegment(segs[j]!) && segs[j]!.next === '|') j++;
    return j < segs.length && isFilterSegment(segs[j]!) && honest(segs[j]!.next);
  };
  const keyed = segs.map((s) => segmentKey(s.words));
  return want.every((k) => keyed.some((key, i) => key === k && proofAt(i)));
}

/** Counts of nothing (`0 failed`, `no errors`): not a sign of an error. */
const NONE =
  /\b(?:0|no|zero) (?:failed|failures?|errors?|warnings?)\b|\b(?:errors?|failures?|failed): ?0\b/gi;
const ERROR_SIGN =
  /\b(?:errors?|fail(?:ed|ure|ures|s)?|fatal|panic(?:ked)?|traceback|exception|cannot|can't|unable to|not found|no such file|denied|refused|invalid|abort(?:ed)?|segmentation fault)\b|exit (?:code|status) [1-9]/i;

/**
 * The output of a piped command shows no sign of an error: without `set -o pipefail` the status is
 * the filter's, so this is the only honest evidence that the filtered command succeeded.
 */
export function cleanOutput(text: string): boolean {
  return !ERROR_SIGN.test(text.slice(0, 20_000).replace(NONE, ''));
}

/** `command` only looked at `file` (`cat f`, `head -40 f`, `sed -n 1,9p f`): a Read of it does the same. */
function inspects(command: string, file: string): boolean {
  if (!isInspectionCommand(command)) return false;
  return segments(command).some((s) =>
    operands(s.words).some((w) => /[\w.]\.\w{1,8}$/.test(w) && sameFile(w, file)),
  );
}

/** The meaningful simple commands of a command line, as written (redirections dropped). */
export function meaningful(command: string): string[] {
  return segments(command)
    .filter((s) => s.writes || !isInspectionSegment(s.words))
    .map((s) => canonicalWords(s.words).join(' ') + (s.writes ? ' >' : ''));
}

/** Another run of the failing command (its keys all there): an attempt, not a fix. */
export function isRerun(failed: string | undefined, command: string): boolean {
  if (!failed) return false;
  const want = proofKeys(failed);
  const have = new Set(segments(command).map((s) => segmentKey(s.words)));
  return want.length > 0 && want.every((k) => have.has(k));
}

/** Does successful call `ok` prove error `e`? */
export function proves(e: Call, ok: Call): boolean {
  if (e.agentId !== ok.agentId) return false;
  if (COMMAND_TOOLS.has(e.tool)) {
    if (ok.tool === e.tool && e.command && ok.command)
      return commandProves(e.command, ok.command, ok.outputClean === true);
    return ok.tool === 'Read' && !!ok.file && !!e.command && inspects(e.command, ok.file);
  }
  if (FILE_TOOLS.has(e.tool)) {
    // "not read yet": after the Read, any edit tool on the file shows it may be written now
    const family =
      toolUsageKind(e.errorRaw ?? '') === 'not-read' ? [...FILE_EDIT_TOOLS] : SAME_FAMILY[e.tool];
    return !!(e.file && ok.file && family?.includes(ok.tool) && sameFile(e.file, ok.file));
  }
  return ok.tool === e.tool && !!e.target && e.target === ok.target;
}

/** Same failing call again (same command / same tool on the same file): the next attempt. */
export function sameAttempt(a: Call, b: Call): boolean {
  if (a.tool !== b.tool || a.agentId !== b.agentId) return false;
  if (COMMAND_TOOLS.has(a.tool))
    return !!(a.command && b.command && commandKey(a.command) === commandKey(b.command));
  if (FILE_TOOLS.has(a.tool)) return !!(a.file && b.file && sameFile(a.file, b.file));
  return !!a.target && a.target === b.target;
}
