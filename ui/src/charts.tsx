// Small charts drawn as inline SVG elements (no chart library, nothing loaded from anywhere).
import type { ComponentChildren } from 'preact';

export interface Series {
  label: string;
  cls: string;
  values: number[];
}

/** Stacked bars, one per label (e.g. per day), with a legend. */
export function StackedBars(p: { labels: string[]; series: Series[]; height?: number; title: string }) {
  const h = p.height ?? 160;
  const w = 640;
  const pad = { l: 34, r: 8, t: 10, b: 22 };
  const totals = p.labels.map((_, i) => p.series.reduce((a, s) => a + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const step = (w - pad.l - pad.r) / Math.max(1, p.labels.length);
  const bw = Math.max(4, step * 0.62);
  const y = (v: number) => ((h - pad.t - pad.b) * v) / max;
  const ticks = [0, Math.round(max / 2), max];
  return (
    <figure class="chart">
      <figcaption>{p.title}</figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={p.title}>
        {ticks.map((t) => (
          <g key={t}>
            <line class="grid" x1={pad.l} x2={w - pad.r} y1={h - pad.b - y(t)} y2={h - pad.b - y(t)} />
            <text class="axis" x={pad.l - 6} y={h - pad.b - y(t) + 4} text-anchor="end">
              {t}
            </text>
          </g>
        ))}
        {p.labels.map((label, i) => {
          let acc = 0;
          const x = pad.l + i * step + (step - bw) / 2;
          return (
            <g key={label}>
              {p.series.map((s) => {
                const v = s.values[i] ?? 0;
                const rect = (
                  <rect
                    key={s.label}
                    class={s.cls}
                    x={x}
                    width={bw}
                    y={h - pad.b - y(acc + v)}
                    height={y(v)}
                    rx={2}
                  >
                    <title>{`${label}: ${v} ${s.label}`}</title>
                  </rect>
                );
                acc += v;
                return rect;
              })}
              {(i % Math.ceil(p.labels.length / 7) === 0 || i === p.labels.length - 1) && (
                <text class="axis" x={x + bw / 2} y={h - 6} text-anchor="middle">
                  {label.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <div class="legend">
        {p.series.map((s) => (
          <span key={s.label}>
            <i class={`swatch ${s.cls}`} />
            {s.label}
          </span>
        ))}
      </div>
    </figure>
  );
}

/** Horizontal bars with their label: a ranked list. */
export function RankBars(p: {
  rows: { label: string; value: number }[];
  title: string;
  empty: ComponentChildren;
}) {
  const max = Math.max(1, ...p.rows.map((r) => r.value));
  return (
    <figure class="chart">
      <figcaption>{p.title}</figcaption>
      {p.rows.length === 0 && <p class="muted">{p.empty}</p>}
      <ul class="rank">
        {p.rows.map((r, i) => (
          <li key={i}>
            <span class="rank-label mono" title={r.label}>
              {r.label}
            </span>
            <svg class="rank-bar" viewBox="0 0 100 10" preserveAspectRatio="none">
              <rect class="s-err" x={0} y={1} height={8} width={(100 * r.value) / max} rx={1.5} />
            </svg>
            <span class="rank-n">{r.value}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** A ring showing a share (e.g. subagents that succeeded). */
export function Ring(p: { ok: number; failed: number; title: string }) {
  const total = p.ok + p.failed;
  const r = 40;
  const c = 2 * Math.PI * r;
  const share = total ? p.ok / total : 0;
  return (
    <figure class="chart ring">
      <figcaption>{p.title}</figcaption>
      <svg viewBox="0 0 120 136" role="img" aria-label={p.title}>
        <circle class="ring-bg" cx={60} cy={60} r={r} />
        {total > 0 && (
          <circle
            class="ring-ok"
            cx={60}
            cy={60}
            r={r}
            stroke-dasharray={`${c * share} ${c}`}
            transform="rotate(-90 60 60)"
          />
        )}
        <text x={60} y={66} text-anchor="middle" class="ring-n">
          {total ? `${Math.round(share * 100)}%` : '–'}
        </text>
        <text x={60} y={130} text-anchor="middle" class="axis">
          {`${p.ok} ok · ${p.failed} failed`}
        </text>
      </svg>
    </figure>
  );
}
