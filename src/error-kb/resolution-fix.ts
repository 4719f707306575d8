// What fixed an error: the steps between the error and the call that proved it (edits with an
// excerpt, commands, calls of the failing MCP tool's server), or the generic fix of a tool-usage error.
import type { ProvenFix } from './candidates.js';
import { sameFile } from '../common/files.js';
import { truncate } from '../common/redact.js';
import { FILE_EDIT_TOOLS } from '../hook/contract/tool-input.js';
import {
  COMMAND_TOOLS,
  FILE_TOOLS,
  toolUsageKind,
  type Call,
  type ToolUsageKind,
} from './resolution-call.js';
import { isRerun, meaningful } from './resolution-proof.js';
import {
  commandKey,
  coreWords,
  isInspectionCommand,
  isInspectionSegment,
  isRunSegment,
  segments,
} from './shell.js';

/** More fix steps than this between an error and its proof: too diffuse to learn. */
const MAX_STEPS = 8;
/** More calls than this between an error and its proof: too diffuse to learn (and not parsed). */
const MAX_WINDOW = 60;
/** Steps shown in a fix description. */
const SHOWN_STEPS = 5;

function relPath(file: string, projectPath: string): string {
  const root = projectPath.replace(/\/+$/, '') + '/';
  return file.startsWith(root) ? file.slice(root.length) : file;
}

const base = (f: string) => f.replace(/\\/g, '/').split('/').pop() ?? f;

interface Step {
  key: string;
  text: string;
  tool: string;
  /** A run of tests/build/a program: a fix only when nothing else happened. */
  weak?: boolean;
}

function stepOf(c: Call, e: Call, projectPath: string): Step | null {
  if (c.type !== 'tool_use') return null;
  if (COMMAND_TOOLS.has(c.tool) && c.command) {
    if (isInspectionCommand(c.command) || isRerun(e.command, c.command)) return null;
    const cmd = truncate(c.command.replace(/\s*\n\s*/g, ' ; ').trim(), 200);
    const segs = segments(c.command).filter((s) => s.writes || !isInspectionSegment(s.words));
    const weak = segs.every((s) => !s.writes && (isRunSegment(s.words) || coreWords(s.words)[0] === 'cd'));
    return { key: `bash:${commandKey(c.command)}`, text: `ran \`${cmd}\``, tool: 'Bash', weak };
  }
  if (FILE_EDIT_TOOLS.has(c.tool) && c.file) {
    const rel = relPath(c.file, projectPath);
    if (c.tool === 'Write')
      return {
        key: `write:${base(c.file)}`,
        text: `Write ${rel}${c.excerpt ? ` (${c.excerpt})` : ''}`,
        tool: c.tool,
      };
    return {
      key: `edit:${base(c.file)}:${c.excerpt ?? ''}`,
      text: `${c.tool} ${rel}${c.excerpt ? `: ${c.excerpt}` : ''}`,
      tool: c.tool,
    };
  }
  return mcpStep(c, e);
}

/** The MCP server of a tool (`mcp__<server>__<tool>`), or null. */
const mcpServer = (tool: string): string | null => /^mcp__(.+?)__./.exec(tool)?.[1] ?? null;

/**
 * Another tool of the failing MCP tool's own server, called on something (a click on an element, a
 * navigation to a url: it has short arguments), is a step of the fix (a browser upload refused until
 * the upload button was clicked); one called on nothing (a snapshot, a screenshot, a listing) only
 * looked.
 */
function mcpStep(c: Call, e: Call): Step | null {
  const server = mcpServer(e.tool);
  if (!server || c.tool === e.tool || mcpServer(c.tool) !== server) return null;
  if (!c.target || c.target === '{}' || c.target === '[]') return null;
  return {
    key: `call:${c.tool}:${c.target}`,
    text: `called ${c.tool} with \`${truncate(c.target, 160)}\``,
    tool: c.tool,
  };
}

const TOOL_USAGE_FIX: Record<ToolUsageKind, (readFirst: boolean) => { text: string; key: string }> = {
  'not-read': () => ({ text: 'Read the file first, then Edit/Write it', key: 'tool-usage:not-read' }),
  modified: () => ({
    text: 'Read the file again (it changed since the last Read), then Edit',
    key: 'tool-usage:modified',
  }),
  'old-string': (readFirst) =>
    readFirst
      ? {
          text: 'Read the file again and copy old_string exactly from its current text',
          key: 'tool-usage:old-string:read',
        }
      : {
          text: 'Edit with old_string copied exactly from the current file text',
          key: 'tool-usage:old-string',
        },
  'multiple-matches': () => ({
    text: 'make old_string unique (include more surrounding lines) or set replace_all',
    key: 'tool-usage:multiple-matches',
  }),
};

export interface Learned {
  resolution: string;
  fixKey: string;
  proof: ProvenFix['proof'];
  resolvedBy: string;
  toolSequence: string[];
}

/**
 * The fix of error `e` proven by `ok`, from the calls in between (`window`, in order), or null
 * when nothing in between counts as a fix.
 */
export function describeFix(e: Call, ok: Call, window: Call[], projectPath: string): Learned | null {
  const toolSequence = [...window.filter((c) => c.type === 'tool_use').map((c) => c.tool), ok.tool].slice(
    -20,
  );
  const usage = FILE_TOOLS.has(e.tool) ? toolUsageKind(e.errorRaw ?? '') : null;
  if (usage) {
    const readFirst = window.some(
      (c) => c.type === 'tool_use' && c.tool === 'Read' && c.file && e.file && sameFile(c.file, e.file),
    );
    if (usage !== 'old-string' && usage !== 'multiple-matches' && !readFirst) return null;
    const f = TOOL_USAGE_FIX[usage](readFirst);
    return { resolution: f.text, fixKey: f.key, proof: 'tool-usage', resolvedBy: ok.tool, toolSequence };
  }
  if (window.length > MAX_WINDOW) return null;
  let steps: Step[] = [];
  for (const c of window) {
    const s = stepOf(c, e, projectPath);
    if (!s) continue;
    const dup = steps.findIndex((x) => x.key === s.key);
    if (dup !== -1) steps.splice(dup, 1);
    steps.push(s);
  }
  // Runs of tests/builds/programs are the fix only when nothing that changes things happened.
  if (steps.some((s) => !s.weak)) steps = steps.filter((s) => !s.weak);
  // `ok` is the next attempt when that one failed with another error: its changes fixed this error,
  // its own correction did not work, so it is never named as the fix.
  const attempted = !!ok.error;
  if (!attempted && COMMAND_TOOLS.has(e.tool) && ok.tool === e.tool && e.command && ok.command) {
    const before = meaningful(e.command);
    const after = meaningful(ok.command);
    if (before.join(' && ') !== after.join(' && ')) {
      const cmd = truncate(ok.command.replace(/\s*\n\s*/g, ' ; ').trim(), 200);
      steps.push({
        key: `corrected:${commandKey(ok.command)}|${after.join(' && ')}`,
        text: `ran \`${cmd}\` instead of \`${truncate(e.command.replace(/\s*\n\s*/g, ' ; ').trim(), 120)}\``,
        tool: 'Bash',
      });
    }
  }
  if (steps.length === 0 && COMMAND_TOOLS.has(e.tool) && ok.tool === 'Read' && ok.file && e.command) {
    const cmd = truncate(e.command.replace(/\s*\n\s*/g, ' ; ').trim(), 120);
    steps.push({
      key: `read-instead:${base(ok.file)}`,
      text: `read ${relPath(ok.file, projectPath)} with the Read tool instead of \`${cmd}\``,
      tool: 'Read',
    });
  }
  if (
    !attempted &&
    !COMMAND_TOOLS.has(e.tool) &&
    !FILE_TOOLS.has(e.tool) &&
    ok.excerpt &&
    ok.excerpt !== e.excerpt
  ) {
    steps.push({
      key: `corrected:${ok.tool}:${ok.excerpt}`,
      text: `called ${ok.tool} with \`${ok.excerpt}\`${e.excerpt ? ` instead of \`${truncate(e.excerpt, 80)}\`` : ''}`,
      tool: ok.tool,
    });
  }
  if (steps.length === 0 || steps.length > MAX_STEPS) return null;
  const shown = steps.slice(-SHOWN_STEPS);
  const more = steps.length - shown.length;
  const resolution =
    shown.map((s) => s.text).join('; then ') + (more > 0 ? ` (+${more} earlier step(s))` : '');
  return {
    resolution,
    fixKey: steps.map((s) => s.key).join(' ; '),
    proof: COMMAND_TOOLS.has(e.tool) && ok.tool === e.tool ? 'same-command' : 'same-file',
    resolvedBy: steps.at(-1)!.tool,
    toolSequence,
  };
}
