// Formatting helpers. Everything shown is rendered as text by Preact (never as HTML).
export function when(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

export function clip(s: unknown, n = 160): string {
  const t = typeof s === 'string' ? s : s === undefined || s === null ? '' : JSON.stringify(s);
  const one = t.replace(/\s+/g, ' ').trim();
  return one.length > n ? one.slice(0, n - 1) + '…' : one;
}

/**
 * Short labels for ids shown together: each id's first 8 characters, longer where another id of
 * the list starts the same (so two ids never share a label), the whole id when it is short.
 */
export function shortLabels(ids: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const id of ids) {
    if (id.length <= 12) {
      out.set(id, id);
      continue;
    }
    let n = 8;
    while (n < id.length && ids.some((o) => o !== id && o.startsWith(id.slice(0, n)))) n++;
    out.set(id, n < id.length ? `${id.slice(0, n)}…` : id);
  }
  return out;
}

/** One line describing a stored event. */
export function describeEvent(type: string, d: Record<string, unknown>): string {
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
  switch (type) {
    case 'prompt':
      return s('text')
        ? clip(s('text'), 200)
        : `prompt (${String(d.length ?? '?')} characters, text not kept)`;
    case 'tool_use':
      return `${s('tool')} ${inputText(d.input)}`;
    case 'tool_error':
      return `${s('tool')}: ${clip(s('error') || s('errorRaw'), 200)}`;
    case 'subagent_start':
      return `${s('agentType') || 'subagent'} started`;
    case 'subagent_stop':
      return `${s('agentType') || 'subagent'} ${d.success === 1 ? 'succeeded' : 'failed'}${s('failureReason') ? `: ${clip(s('failureReason'), 120)}` : ''}`;
    case 'session_start':
      return `session started (${s('source') || '?'}${s('model') ? `, ${s('model')}` : ''})`;
    case 'session_summary':
      // `tools` counts the succeeded calls, `errors` the failed ones: a tool call is either.
      return `session ended: ${Number(d.tools ?? 0) + Number(d.errors ?? 0)} tool calls (${String(d.errors ?? 0)} failed), ${String(d.resolutions ?? 0)} fixes learned`;
    case 'resolution':
      return `fix learned: ${clip(s('error'), 120)} → resolved by ${clip(s('resolvedBy') || s('tool'), 60)}`;
    case 'hook_timing': {
      const n = Array.isArray(d.samples) ? d.samples.length : 0;
      const ev = d.byEvent && typeof d.byEvent === 'object' ? Object.keys(d.byEvent).length : 0;
      return `hook latency: ${n} hook run(s) over ${ev} event kind(s)`;
    }
    default:
      return clip(d, 200);
  }
}

function inputText(v: unknown): string {
  if (!v || typeof v !== 'object') return '';
  const o = v as Record<string, unknown>;
  for (const k of ['command', 'file_path', 'pattern', 'url', 'description', 'prompt'])
    if (typeof o[k] === 'string' && o[k]) return clip(o[k], 160);
  return clip(o, 160);
}
