// When does a subagent run count as failed? (documented in docs/real-time.md)
//
// A run is FAILED when any of these holds:
//  1. its final message states a failure verdict: a line such as `Verdict: FAIL`, `Status: failed`,
//     `Result: blocked`, or a first line starting with `FAILED`, `BLOCKED`, `ERROR:`;
//  2. it ended without a final answer: the last assistant message did not stop with `end_turn`
//     (interrupted, max_tokens, refusal), or there is no final text at all;
//  3. its last tool calls failed: the last 2 tool results (or the only one) are errors, with no
//     successful result after them — unless they are all searches that merely found nothing (a
//     Bash `grep`/`rg`/`find`/`test`/`ls`/`diff` ending `Exit code 1` with no output): a run whose
//     last greps came back empty and that then answered is a success.
// Otherwise it SUCCEEDED. With no transcript to read, the final message alone decides (rule 1),
// and an empty final message counts as a failure.
import { readTailLines, summarizeTranscript } from '../common/transcript.js';
import { SEARCHES } from '../common/shell-words.js';

export interface Outcome {
  success: boolean;
  reason: string | null;
}

// The verdict word must stand alone (end of line or a separator after it): `Status: failed - x` is a
// verdict, `Result: error handling added` is not.
const VERDICT_LINE =
  /^\s*(?:[-*#>]\s*)*\**(?:verdict|status|result|outcome)\**\s*[:=]\s*\**\s*(fail(?:ed|ure)?|blocked|error|unsuccessful|aborted)\**(?=\s*(?:$|[-–—:(,.;!]))/im;
const SEARCH_CMD = new RegExp(
  `^\\s*(?:cd\\s+\\S+\\s*&&\\s*)?(?:${SEARCHES.map((p) => p.replace(/[[\]\\^$.|?*+(){}]/g, '\\$&')).join('|')}|git\\s+(?:diff|grep))\\b`,
);
const EMPTY_EXIT_1 = /^\s*(?:Error:\s*)?Exit code 1\s*$/;
const LEADING_FAIL = /^\s*(?:[#>*-]\s*)*(FAILED|FAILURE|BLOCKED|ERROR:|TASK FAILED)/;

export function verdictFailure(text: string): string | null {
  if (!text) return null;
  const m = VERDICT_LINE.exec(text);
  if (m) return `final message verdict: ${m[1]!.toLowerCase()}`;
  const l = LEADING_FAIL.exec(text);
  if (l) return `final message starts with ${l[1]}`;
  return null;
}

export function judgeOutcome(transcriptLines: string[] | null, lastMessage: string | undefined): Outcome {
  const finalFromHook = (lastMessage ?? '').trim();
  if (!transcriptLines || transcriptLines.length === 0) {
    const v = verdictFailure(finalFromHook);
    if (v) return { success: false, reason: v };
    if (!finalFromHook) return { success: false, reason: 'no final message' };
    return { success: true, reason: null };
  }
  const s = summarizeTranscript(transcriptLines);
  const final = finalFromHook || s.finalText.trim();
  const v = verdictFailure(final);
  if (v) return { success: false, reason: v };
  if (!final) return { success: false, reason: 'no final message' };
  if (s.lastStopReason && s.lastStopReason !== 'end_turn' && s.lastStopReason !== 'stop_sequence') {
    return { success: false, reason: `stopped with ${s.lastStopReason}` };
  }
  const tail = s.results.slice(-2);
  const calls = new Map(s.toolCalls.map((c) => [c.id, c]));
  const emptySearch = (r: { toolUseId: string; text: string }) => {
    const c = calls.get(r.toolUseId);
    return c?.name === 'Bash' && SEARCH_CMD.test(String(c.input.command ?? '')) && EMPTY_EXIT_1.test(r.text);
  };
  if (tail.length > 0 && tail.every((r) => r.isError) && !tail.every(emptySearch)) {
    return { success: false, reason: `last ${tail.length} tool call(s) failed` };
  }
  return { success: true, reason: null };
}

export function judgeOutcomeFromFile(path: string | undefined, lastMessage: string | undefined): Outcome {
  const lines = path ? readTailLines(path, 500) : null;
  return judgeOutcome(lines && lines.length ? lines : null, lastMessage);
}
