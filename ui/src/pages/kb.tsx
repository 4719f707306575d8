import { useState } from 'preact/hooks';
import { ApiError, post } from '../api.js';
import type { KbCandidate, KbEntry, NeverAdvised, Proof } from '../types.js';
import { when } from '../util.js';
import { Def, Failure, Header, Loading, useApi, useDebounced, type PageProps } from './common.js';

const PROOF: Record<Proof, string> = {
  manual: 'typed by you',
  'same-command': 'same command passed',
  'same-file': 'same file fixed',
  'tool-usage': 'tool call fixed it',
  legacy: 'legacy (unproven)',
};

function Never(p: { n: NeverAdvised | null }) {
  if (!p.n) return null;
  return (
    <span class="badge b-failed" data-never={p.n.kind} title={p.n.why}>
      never advised: {p.n.why}
    </span>
  );
}

function Candidates(p: { cs: KbCandidate[] }) {
  if (p.cs.length === 0) return null;
  return (
    <details class="cands">
      <summary>
        {p.cs.length} candidate fix{p.cs.length === 1 ? '' : 'es'}
      </summary>
      <ul>
        {p.cs.map((c) => (
          <li key={c.id} data-cand={c.id}>
            <code>{c.resolution}</code> <Never n={c.neverAdvised} />
            <div class="muted">
              {PROOF[c.proof]} · confirmed {c.confirmations}× · last {when(c.lastConfirmed)}
              {c.projects.length > 0 &&
                ` · ${c.projects.map((x) => `${x.path} (${x.confirmations}×)`).join(', ')}`}
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The folders where any fix of this entry was confirmed (else the projects it was resolved in). */
function projectsOf(e: KbEntry): string[] {
  const paths = [...new Set(e.candidates.flatMap((c) => c.projects.map((x) => x.path)))];
  return paths.length ? paths : e.projects;
}

/** The entry's vector state: only promised when a model is installed. */
function vectorState(e: KbEntry, modelInstalled: boolean): string {
  if (e.embedded) return 'embedded';
  return modelInstalled ? 'pending (the next batch embeds it)' : 'not installed (vector tier off)';
}

function Entry(p: { e: KbEntry; modelInstalled: boolean; onChange: () => void }) {
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
          {e.resolution ?? <em class="muted">no resolution (never advised)</em>}{' '}
          <Never n={e.resolutionNeverAdvised} />
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
          <dd data-field="learned">{when(e.ts)}</dd>
        </div>
        <div>
          <dt>advice shown</dt>
          <dd>{e.advised}×</dd>
        </div>
        <div>
          <dt>proof</dt>
          <dd data-field="proof">{e.confidence ? PROOF[e.confidence.proof] : 'none'}</dd>
        </div>
        <div>
          <dt>confirmed</dt>
          <dd data-field="confirmations">
            {e.confidence ? `${e.confidence.confirmations}×, last ${when(e.confidence.lastConfirmed)}` : '–'}
          </dd>
        </div>
        <div>
          <dt>projects</dt>
          <dd data-field="projects">{projectsOf(e).join(', ') || '–'}</dd>
        </div>
        <div>
          <dt>vector</dt>
          <dd data-field="vector">{vectorState(e, p.modelInstalled)}</dd>
        </div>
      </dl>
      <Candidates cs={e.candidates} />
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
  const query = useDebounced(q);
  const { data, error, reload } = useApi<{ entries: KbEntry[]; model: { installed: boolean } }>(
    `/api/kb?q=${encodeURIComponent(query)}`,
  );
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
          <Def>
            learned: when the error was first stored with a fix (an edit does not change it). advice shown:
            how often a hook showed its fix to Claude. projects: the folders where one of its fixes was
            confirmed. vector: whether its error has an embedding for search by meaning (needs the model:
            self-gen model pull).
          </Def>
          {data.entries.map((e) => (
            <Entry key={`${e.id}-${e.ts}`} e={e} modelInstalled={data.model.installed} onChange={reload} />
          ))}
        </div>
      )}
    </div>
  );
}
