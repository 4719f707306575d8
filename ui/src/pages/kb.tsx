import { useEffect, useState } from 'preact/hooks';
import { ApiError, post } from '../api.js';
import type { KbEntry } from '../types.js';
import { when } from '../util.js';
import { Failure, Header, Loading, useApi, type PageProps } from './common.js';

function Entry(p: { e: KbEntry; onChange: () => void }) {
  const { e } = p;
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [text, setText] = useState(e.resolution ?? '');
  const [err, setErr] = useState<ApiError | null>(null);
  const act = (fn: () => Promise<unknown>) =>
    fn().then(
      () => (setErr(null), setEditing(false), setConfirm(false), p.onChange()),
      (x: unknown) => setErr(x instanceof ApiError ? x : new ApiError(String(x), 0)),
    );
  return (
    <article class="card kb" data-kb-id={e.id}>
      <div class="kb-head">
        <span class="muted">#{e.id}</span>
        <code class="err">{e.error_normalized}</code>
      </div>
      {editing ? (
        <div class="edit">
          <textarea
            value={text}
            rows={3}
            aria-label="resolution"
            onInput={(ev) => setText((ev.target as HTMLTextAreaElement).value)}
          />
          <div class="row">
            <button
              class="btn primary"
              data-act="save"
              onClick={() => act(() => post(`/api/kb/${e.id}/edit`, { resolution: text }))}
            >
              Save
            </button>
            <button class="btn" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <p class="fix">
          <span class="label">fix</span>{' '}
          {e.resolution ?? <em class="muted">no resolution (never advised)</em>}
        </p>
      )}
      {e.toolSequence.length > 0 && (
        <p class="seq">
          {e.toolSequence.map((t, i) => (
            <span key={i} class="chip">
              {t}
            </span>
          ))}
        </p>
      )}
      <dl class="prov">
        <div>
          <dt>resolved by</dt>
          <dd>{e.resolved_by ?? '–'}</dd>
        </div>
        <div>
          <dt>learned</dt>
          <dd>{when(e.ts)}</dd>
        </div>
        <div>
          <dt>uses</dt>
          <dd>{e.use_count}×</dd>
        </div>
        <div>
          <dt>last advised</dt>
          <dd>{e.last_used ? when(e.last_used) : 'never'}</dd>
        </div>
        <div>
          <dt>projects</dt>
          <dd>{e.projects.length ? e.projects.join(', ') : '–'}</dd>
        </div>
        <div>
          <dt>confidence</dt>
          <dd>{e.confidence === null ? 'not recorded' : `${Math.round(e.confidence * 100)}%`}</dd>
        </div>
        <div>
          <dt>vector</dt>
          <dd>{e.embedded ? 'embedded' : 'pending'}</dd>
        </div>
      </dl>
      <Failure error={err} />
      {!editing && (
        <div class="row">
          <button class="btn" data-act="edit" onClick={() => (setText(e.resolution ?? ''), setEditing(true))}>
            Edit
          </button>
          {confirm ? (
            <>
              <span class="warn-text">Forget this fix for good?</span>
              <button
                class="btn danger"
                data-act="confirm-forget"
                onClick={() => act(() => post(`/api/kb/${e.id}/forget`))}
              >
                Forget
              </button>
              <button class="btn" onClick={() => setConfirm(false)}>
                Keep
              </button>
            </>
          ) : (
            <button class="btn danger-outline" data-act="forget" onClick={() => setConfirm(true)}>
              Forget…
            </button>
          )}
        </div>
      )}
    </article>
  );
}

export function KbPage(_: PageProps) {
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQuery(q.trim()), 250);
    return () => clearTimeout(t);
  }, [q]);
  const { data, error, reload } = useApi<{ entries: KbEntry[] }>(`/api/kb?q=${encodeURIComponent(query)}`);
  return (
    <div data-page="kb">
      <Header
        title="Knowledge base"
        sub="Errors seen resolved before, and the fix self-generation advises when they come back."
      >
        <input
          type="search"
          class="search"
          placeholder="Search errors and fixes…"
          value={q}
          aria-label="search"
          onInput={(e) => setQ((e.target as HTMLInputElement).value)}
        />
      </Header>
      <Failure error={error} />
      {!data ? (
        <Loading />
      ) : data.entries.length === 0 ? (
        <p class="muted">{query ? 'Nothing matches.' : 'Nothing learned yet.'}</p>
      ) : (
        <div class="list">
          <p class="muted">
            {data.entries.length} entr{data.entries.length === 1 ? 'y' : 'ies'}
          </p>
          {data.entries.map((e) => (
            <Entry key={`${e.id}-${e.ts}`} e={e} onChange={reload} />
          ))}
        </div>
      )}
    </div>
  );
}
