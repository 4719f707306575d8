import { useState } from 'preact/hooks';
import type { HistoryDetail, HistoryResponse } from '../types.js';
import { shortLabels, when } from '../util.js';
import { Badge, Def, Failure, Header, Loading, useApi, useDebounced, type PageProps } from './common.js';

function Detail(p: { id: number }) {
  const { data, error } = useApi<HistoryDetail>(`/api/history/${p.id}`);
  if (error) return <Failure error={error} />;
  if (!data) return <Loading />;
  const e = data.event;
  return (
    <div class="detail" data-history-detail={e.id}>
      <section class="card">
        <h3>
          <Badge kind={e.type}>{e.type.replace('_', ' ')}</Badge> <span class="mono">#{e.id}</span>{' '}
          <span class="muted">{when(e.at)}</span>
        </h3>
        <p class="muted">
          {e.project ?? '?'} · {e.projectPath ?? ''}
        </p>
        <pre class="doc">{e.text}</pre>
      </section>
      {e.session && (
        <section class="card">
          <h3>
            Session{' '}
            <a
              class="mono"
              href={`#/sessions/${encodeURIComponent(e.session)}`}
              data-session-link={e.session}
            >
              {e.session}
            </a>
          </h3>
          <Def>The events around this one in its session (the whole session: its link).</Def>
          <ol class="timeline">
            {data.timeline.map((x) => (
              <li key={x.id} class={`ev ev-${x.type}${x.id === e.id ? ' now' : ''}`} data-ev={x.id}>
                <span class="t mono">{when(x.at).slice(11)}</span>
                <Badge kind={x.type}>{x.type.replace('_', ' ')}</Badge>
                <span class="ev-text">{x.line}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

export function HistoryPage(_: PageProps) {
  const [q, setQ] = useState('');
  const query = useDebounced(q);
  const [scope, setScope] = useState<'project' | 'all'>('project');
  const [kind, setKind] = useState('');
  const [sel, setSel] = useState<number | null>(null);
  const { data, error } = useApi<HistoryResponse>(
    query ? `/api/history?q=${encodeURIComponent(query)}&scope=${scope}&kind=${kind}` : null,
  );
  const labels = shortLabels([...new Set((data?.hits ?? []).map((h) => h.session ?? ''))]);
  return (
    <div data-page="history">
      <Header title="History" sub="Search the prompts, tool calls and errors of past sessions.">
        <input
          type="search"
          class="search"
          placeholder="flaky login test…"
          value={q}
          aria-label="search history"
          onInput={(e) => setQ((e.target as HTMLInputElement).value)}
        />
        <select
          aria-label="scope"
          data-test="scope"
          value={scope}
          onChange={(e) => setScope((e.target as HTMLSelectElement).value === 'all' ? 'all' : 'project')}
        >
          <option value="project">this project</option>
          <option value="all">all projects</option>
        </select>
        <select
          aria-label="kind"
          data-test="kind"
          value={kind}
          onChange={(e) => setKind((e.target as HTMLSelectElement).value)}
        >
          <option value="">prompts, tool calls, errors</option>
          <option value="prompt">prompts</option>
          <option value="tool_call">tool calls</option>
          <option value="error">errors</option>
        </select>
      </Header>
      <Def>
        Every word must match, in any order, in what was recorded (redacted): the prompt, a call&apos;s tool
        and command or file, a failure&apos;s tool and error. Best match first, at most 50.
      </Def>
      <Failure error={error} />
      {!query ? (
        <p class="muted">Type words to search.</p>
      ) : !data ? (
        <Loading />
      ) : data.hits.length === 0 ? (
        <p class="muted" data-test="no-hits">
          Nothing matches{scope === 'project' ? ' in this project (try all projects)' : ''}.
        </p>
      ) : (
        <div class="split wide-list">
          <ul class="sessions hits">
            {data.hits.map((h) => (
              <li key={h.id} class={h.id === sel ? 'sel' : ''} data-hit={h.id}>
                <a
                  href="#/history"
                  onClick={(e) => {
                    e.preventDefault();
                    setSel(h.id);
                  }}
                >
                  <span>
                    <Badge kind={h.type}>{h.type.replace('_', ' ')}</Badge>{' '}
                    <span class="muted small">{when(h.at)}</span>
                  </span>
                  <span class="hit-line">{h.line}</span>
                  <span class="muted small mono">
                    {labels.get(h.session ?? '') ?? ''}
                    {scope === 'all' && h.project ? ` · ${h.project}` : ''}
                  </span>
                </a>
              </li>
            ))}
          </ul>
          {sel !== null && <Detail id={sel} key={sel} />}
        </div>
      )}
    </div>
  );
}
