import { useState } from 'preact/hooks';
import type { Board } from '../types.js';
import { when } from '../util.js';
import { Badge, Failure, Header, Loading, useApi, type PageProps } from './common.js';

const PHASES = ['test_first', 'implementation', 'verification', 'complete'];

function Phases(p: { phase: string }) {
  const at = PHASES.indexOf(p.phase);
  return (
    <ol class="phases" aria-label={`phase ${p.phase}`}>
      {PHASES.map((x, i) => (
        <li key={x} class={i < at ? 'done' : i === at ? 'now' : ''}>
          {x.replace('_', ' ')}
        </li>
      ))}
    </ol>
  );
}

export function OrchPage(_: PageProps) {
  const projects = useApi<{
    current: { name: string; path: string };
    projects: { project: string; path: string | null }[];
  }>('/api/projects');
  const [project, setProject] = useState<string | null>(null);
  const cur = project ?? projects.data?.current.path ?? null;
  const { data, error } = useApi<{ board: Board }>(
    cur === null ? null : `/api/orch?project=${encodeURIComponent(cur)}`,
  );
  const paths = projects.data
    ? [
        ...new Set([
          projects.data.current.path,
          ...projects.data.projects.map((x) => x.path).filter((x): x is string => !!x),
        ]),
      ]
    : [];
  const b = data?.board;
  return (
    <div data-page="orch">
      <Header
        title="Orchestrator"
        sub="Tasks, subtasks, phases and gates from the orchestrator skill's files."
      >
        <select
          aria-label="project"
          value={cur ?? ''}
          onChange={(e) => setProject((e.target as HTMLSelectElement).value)}
        >
          {paths.map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </select>
      </Header>
      <Failure error={error ?? projects.error} />
      {!b ? (
        <Loading />
      ) : !b.session ? (
        <p class="muted">No orchestrator session in {b.projectRoot}.</p>
      ) : (
        <>
          {b.warnings.map((w, i) => (
            <div class="alert" key={i}>
              {w}
            </div>
          ))}
          <section class="card req">
            <div class="row">
              <Badge kind={b.session.status}>{b.session.status}</Badge>
              <span class="muted">
                session of {when(b.session.createdAt)} · {b.session.project}
              </span>
            </div>
            {b.request && (
              <>
                <h2>
                  <span class="mono">{b.request.id}</span> {b.request.text}
                </h2>
                <p class="muted">
                  {b.request.status} · {b.request.phase.replace('_', ' ')} · current task{' '}
                  {b.request.currentTask ?? '–'}
                </p>
              </>
            )}
          </section>
          <section class="board">
            {b.tasks.map((t) => (
              <div key={t.id} class={`col card ${t.current ? 'current' : ''}`} data-task={t.id}>
                <h3>
                  <span class="mono">{t.id}</span> {t.name}{' '}
                  <Badge kind={t.status}>{t.status.replace('_', ' ')}</Badge>
                </h3>
                {t.subtasks.map((s) => (
                  <div key={s.id} class={`sub ${s.current ? 'current' : ''}`} data-subtask={s.id}>
                    <div class="row">
                      <span class="mono">{s.id}</span>
                      <strong>{s.name}</strong>
                      <Badge kind={s.status}>{s.status.replace('_', ' ')}</Badge>
                    </div>
                    <Phases phase={s.phase} />
                    <div class="gates">
                      {Object.entries(s.gates).map(([g, v]) => (
                        <Badge key={g} kind={v}>
                          {g}: {v}
                        </Badge>
                      ))}
                    </div>
                    <div class={`muted small ${s.failedTestRuns >= b.maxRetries ? 'warn-text' : ''}`}>
                      retries {s.retries} · failed test runs {s.failedTestRuns}/{b.maxRetries}
                      {s.failedTestRuns >= b.maxRetries ? ' — ask the user' : ''}
                    </div>
                  </div>
                ))}
              </div>
            ))}
          </section>
          {b.earlierSessions.length > 0 && (
            <p class="muted">
              Earlier sessions: {b.earlierSessions.length} (
              {b.earlierSessions.filter((x) => x.status === 'completed').length} completed)
            </p>
          )}
        </>
      )}
    </div>
  );
}
