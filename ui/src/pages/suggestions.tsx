import { useState } from 'preact/hooks';
import { ApiError, get, post } from '../api.js';
import type { Plan, Suggestion } from '../types.js';
import { when } from '../util.js';
import { Badge, Failure, Header, Loading, useApi, type PageProps } from './common.js';

const TYPE: Record<string, string> = { claude_md: 'CLAUDE.md rule', skill: 'skill', hook: 'hook' };

function Card(p: { s: Suggestion; onChange: () => void }) {
  const { s } = p;
  const [plan, setPlan] = useState<Plan | null>(null);
  const [err, setErr] = useState<ApiError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fail = (x: unknown) => setErr(x instanceof ApiError ? x : new ApiError(String(x), 0));
  const open = s.status === 'open';
  return (
    <article class="card sug" data-suggestion={s.id}>
      <div class="row">
        <Badge kind={s.type}>{TYPE[s.type] ?? s.type}</Badge>
        <Badge kind={s.status}>{s.status === 'accepted' ? 'applied' : s.status}</Badge>
        <span class="muted mono">{s.id}</span>
        <span class="muted">{s.project ?? 'all projects'}</span>
        <span class="muted small">analysed {when(s.analyzedAt)}</span>
      </div>
      <h3>{s.rule}</h3>
      {s.summary && <p>{s.summary}</p>}
      {s.evidence && <p class="muted small">evidence: {s.evidence}</p>}
      {plan && (
        <div class="preview">
          <div class="muted small">
            {plan.alreadyApplied
              ? 'already in'
              : plan.kind === 'manual'
                ? 'copy by hand into'
                : 'would add to'}{' '}
            {plan.target}
          </div>
          <pre class="doc">{plan.preview}</pre>
        </div>
      )}
      {done && <p class="ok-text">{done}</p>}
      <Failure error={err} />
      {open && (
        <div class="row">
          <button
            class="btn"
            data-act="preview"
            onClick={() =>
              get<{ plan: Plan }>(`/api/suggestions/${s.id}/preview`).then(
                (r) => (setErr(null), setPlan(r.plan)),
                fail,
              )
            }
          >
            Preview
          </button>
          <button
            class="btn primary"
            data-act="apply"
            onClick={() =>
              post<{ target: string; kind: string }>(`/api/suggestions/${s.id}/apply`).then(
                (r) => (
                  setDone(
                    r.kind === 'manual'
                      ? `marked as applied (copy it into ${r.target})`
                      : `applied to ${r.target}`,
                  ),
                  p.onChange()
                ),
                fail,
              )
            }
          >
            Apply
          </button>
          <button
            class="btn danger-outline"
            data-act="dismiss"
            onClick={() => post(`/api/suggestions/${s.id}/dismiss`).then(() => p.onChange(), fail)}
          >
            Dismiss
          </button>
        </div>
      )}
    </article>
  );
}

export function SuggestionsPage(_: PageProps) {
  const { data, error, reload } = useApi<{ suggestions: Suggestion[] }>('/api/suggestions');
  const open = data?.suggestions.filter((s) => s.status === 'open') ?? [];
  const closed = data?.suggestions.filter((s) => s.status !== 'open') ?? [];
  return (
    <div data-page="suggestions">
      <Header
        title="Suggestions"
        sub="What the last analyses suggest: CLAUDE.md rules, skills and hooks. Preview, apply or dismiss."
      />
      <Failure error={error} />
      {!data ? (
        <Loading />
      ) : data.suggestions.length === 0 ? (
        <p class="muted">No suggestions yet: run `self-gen analyze`.</p>
      ) : (
        <>
          <h2 class="sec">Open ({open.length})</h2>
          {open.map((s) => (
            <Card key={s.id + s.status} s={s} onChange={reload} />
          ))}
          {closed.length > 0 && <h2 class="sec">Applied or dismissed ({closed.length})</h2>}
          {closed.map((s) => (
            <Card key={s.id + s.status} s={s} onChange={reload} />
          ))}
        </>
      )}
    </div>
  );
}
