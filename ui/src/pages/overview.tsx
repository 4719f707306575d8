import { RankBars, Ring, StackedBars } from '../charts.js';
import type { OverviewResponse } from '../types.js';
import { clip, when } from '../util.js';
import { Def, Failure, Header, Loading, Stat, useApi, type PageProps } from './common.js';

export function OverviewPage(_: PageProps) {
  const { data, error } = useApi<OverviewResponse>('/api/overview');
  if (error) return <Failure error={error} />;
  if (!data) return <Loading />;
  const o = data.overview;
  const lat = data.latency;
  return (
    <div data-page="overview">
      <Header title="Overview" sub="What self-generation recorded and learned on this machine." />
      {data.jobFailures.map((f) => (
        <p class="alert" data-test="job-failure" key={f.job}>
          The background {f.job} failed (last {when(f.at)}): {f.message}. Fix: {f.fix}
        </p>
      ))}
      {o.sessions === 0 && (
        <p class="empty" data-test="empty">
          Nothing recorded yet. Every Claude Code session with the hooks on is recorded here: its tool calls,
          errors and the fixes learned from them. Run <code>self-gen doctor</code> to check the hooks.
        </p>
      )}
      <section class="stats">
        <Stat
          label="sessions"
          value={o.sessions}
          hint={`${o.projects} project(s)`}
          def="Claude Code sessions with at least one recorded event."
        />
        <Stat
          label="tool calls"
          value={o.toolCalls}
          hint={`${o.toolCalls - o.errors} succeeded · ${o.errors} failed`}
          def="Every tool call recorded, failed ones included."
        />
        <Stat label="errors" value={o.errors} def="Tool calls that failed (the tool returned an error)." />
        <Stat
          label="fixes learned"
          value={data.kb.learned}
          hint={`${data.kb.entries} KB entries`}
          def="Errors with a fix learned from your sessions (proven by a later call); fixes typed with kb add or edit are not counted."
        />
        <Stat
          label="fixes advised"
          value={data.adviceSummary.advised}
          hint={
            data.adviceSummary.lastAdvised
              ? `shown ${data.adviceSummary.times}×, last ${when(data.adviceSummary.lastAdvised)}`
              : 'never yet'
          }
          def="KB entries whose fix a hook actually showed to Claude (shown: every time)."
        />
        {data.adviceSummary.teamTimes > 0 && (
          <Stat
            label="advice from the team"
            value={`${Math.round((100 * data.adviceSummary.teamTimes) / Math.max(1, data.adviceSummary.times))} %`}
            hint={`${data.adviceSummary.teamTimes} of ${data.adviceSummary.times} fixes shown came from teammates`}
            def="Of every fix a hook showed, the share pulled from teammates through the team store."
          />
        )}
        <Stat
          label="hook latency p50/p95"
          value={lat ? `${lat.p50} / ${lat.p95} ms` : '–'}
          hint={lat ? `${lat.n} hook runs, max ${lat.max} ms` : 'not recorded'}
          def="How long our hooks took, as Claude Code measured them (recent sessions)."
        />
      </section>
      {lat && Object.keys(lat.byEvent).length > 0 && (
        <section class="card" data-test="hook-latency">
          <h3>Hook latency per event (ms, as Claude Code measured it; last {lat.sessions} session(s))</h3>
          <table class="tbl">
            <thead>
              <tr>
                <th>event</th>
                <th>runs</th>
                <th>p50</th>
                <th>p95</th>
                <th>max</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(lat.byEvent).map(([ev, s]) => (
                <tr key={ev}>
                  <td class="mono">{ev}</td>
                  <td>{s.n}</td>
                  <td>{s.p50}</td>
                  <td>{s.p95}</td>
                  <td>{s.max}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section class="grid2">
        <div class="card wide">
          <StackedBars
            title="Tool calls per day (last 14 days, UTC)"
            labels={o.perDay.map((d) => d.day)}
            series={[
              { label: 'succeeded', cls: 's-ok', values: o.perDay.map((d) => d.toolCalls - d.errors) },
              { label: 'failed', cls: 's-err', values: o.perDay.map((d) => d.errors) },
            ]}
          />
          <Def>A bar is every tool call of the day: the succeeded ones, with the failed ones on top.</Def>
        </div>
        <div class="card">
          <Ring title="Subagent outcomes" ok={o.subagentOutcomes.ok} failed={o.subagentOutcomes.failed} />
        </div>
      </section>
      <section class="grid2">
        <div class="card">
          <RankBars
            title="Most frequent errors (14 days)"
            rows={o.topErrors.map((e) => ({ label: clip(e.error, 90), value: e.n }))}
            empty="No errors recorded."
          />
          <Def>Failed tool calls of the last 14 days, grouped by their normalized error text.</Def>
        </div>
        <div class="card">
          <h3>Advice given: did the error come back?</h3>
          <Def>
            Came back after: how often the same error was recorded again in the project the fix was last
            advised in, after that advice (– when that project is unknown: advice given by an older version).
          </Def>
          {data.advice.length === 0 ? (
            <p class="muted">No advice given yet.</p>
          ) : (
            <table class="tbl" data-test="advice">
              <thead>
                <tr>
                  <th>error</th>
                  <th>shown</th>
                  <th>last advised</th>
                  <th>came back after</th>
                </tr>
              </thead>
              <tbody>
                {data.advice.map((a) => (
                  <tr key={a.id} data-advice-id={a.id}>
                    <td class="mono" title={a.error}>
                      {clip(a.error, 70)}
                    </td>
                    <td>{a.useCount}×</td>
                    <td>{when(a.lastUsed)}</td>
                    <td data-came-back={a.cameBack ?? ''} title={a.lastProject ?? ''}>
                      {a.cameBack === null ? (
                        <span class="muted">–</span>
                      ) : a.cameBack ? (
                        <span class="badge b-failed">yes, {a.cameBack}×</span>
                      ) : (
                        <span class="badge b-passed">no</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </section>
    </div>
  );
}
