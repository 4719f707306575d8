import type { SessionDetail, SessionSummary } from '../types.js';
import { describeEvent, shortLabels, when } from '../util.js';
import { Badge, Def, Failure, Header, Loading, useApi, type PageProps } from './common.js';

/** The summary without its machine markers (`<!-- sc:… -->` lines). */
function readable(md: string): string {
  return md
    .split('\n')
    .filter((l) => !/^<!-- sc:.*-->\s*$/.test(l))
    .join('\n');
}

function Detail(p: { id: string }) {
  const { data, error } = useApi<SessionDetail>(`/api/sessions/${encodeURIComponent(p.id)}`);
  if (error) return <Failure error={error} />;
  if (!data) return <Loading />;
  return (
    <div class="detail" data-session={data.sessionId}>
      <h2 class="mono">{data.sessionId}</h2>
      <p class="muted">
        {data.project ?? '?'} · {data.projectPath ?? ''}
      </p>
      <section class="card">
        <h3>Subagents</h3>
        {data.subagents.length === 0 ? (
          <p class="muted">No subagents in this session.</p>
        ) : (
          <ul class="agents">
            {data.subagents.map((a, i) => (
              <li key={i}>
                <Badge kind={a.success ? 'passed' : 'failed'}>{a.success ? 'succeeded' : 'failed'}</Badge>{' '}
                <strong>{a.agentType ?? 'subagent'}</strong> <span class="muted mono">{a.agentId ?? ''}</span>
                {a.durationMs !== null && <span class="muted"> · {(a.durationMs / 1000).toFixed(1)} s</span>}
                {a.failureReason && <div class="muted">{a.failureReason}</div>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section class="card">
        <h3>Timeline</h3>
        {data.timeline.length >= 500 && <p class="muted small">The last 500 events of this session.</p>}
        <ol class="timeline">
          {data.timeline.map((e) => (
            <li key={e.id} class={`ev ev-${e.type}`}>
              <span class="t mono">{when(e.ts).slice(11)}</span>
              <Badge kind={e.type}>{e.type.replace('_', ' ')}</Badge>
              <span class="ev-text">{describeEvent(e.type, e.data)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section class="card">
        <h3>Shared context</h3>
        {!data.context ? (
          <p class="muted">No shared-context folder for this session.</p>
        ) : (
          <>
            {data.context.summary !== null ? (
              <pre class="doc">{readable(data.context.summary)}</pre>
            ) : (
              <p class="muted">No summary yet.</p>
            )}
            {data.context.agents.map((a) => (
              <details key={a.file}>
                <summary class="mono">{a.file}</summary>
                <pre class="doc">{a.text}</pre>
              </details>
            ))}
          </>
        )}
      </section>
    </div>
  );
}

export function SessionsPage(p: PageProps) {
  const { data, error } = useApi<{ sessions: SessionSummary[] }>('/api/sessions');
  const sel = p.arg || data?.sessions[0]?.sessionId || '';
  const labels = shortLabels(data?.sessions.map((s) => s.sessionId) ?? []);
  return (
    <div data-page="sessions">
      <Header
        title="Sessions"
        sub="Every Claude Code session recorded: events, subagents and their shared context."
      />
      <Failure error={error} />
      {!data ? (
        <Loading />
      ) : data.sessions.length === 0 ? (
        <p class="muted">No sessions recorded yet.</p>
      ) : (
        <div class="split">
          <div>
            <Def>
              calls: the session's tool calls, failed ones included; failed: those that returned an error.
            </Def>
            <ul class="sessions">
              {data.sessions.map((s) => (
                <li key={s.sessionId} class={s.sessionId === sel ? 'sel' : ''}>
                  <a href={`#/sessions/${encodeURIComponent(s.sessionId)}`} data-session-link={s.sessionId}>
                    <span class="mono" data-label>
                      {labels.get(s.sessionId)}
                    </span>
                    <span class="muted">{s.project ?? '?'}</span>
                    <span class="muted small">{when(s.last)}</span>
                    <span class="counts">
                      {s.toolCalls} calls · {s.errors} failed · {s.subagents} agents
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {sel && <Detail id={sel} key={sel} />}
        </div>
      )}
    </div>
  );
}
