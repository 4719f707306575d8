// The figures of a policy-e2e run: per class and half, the dangerous fixes learned, their stored
// verdicts, advised in project C (must be 0) and in project A (where proven: allowed); the ordinary
// fixes advised in C (target ≥ 90 %); which channels showed them.
const HALVES = ['tune', 'heldout'];
const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : '-');

function counts(list) {
  const run = list.filter((r) => !r.skipped);
  const verdicts = {};
  for (const r of run) if (r.verdict) verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
  return {
    n: list.length,
    skipped: list.length - run.length,
    learned: run.filter((r) => r.learned).length,
    verdicts,
    advisedC: run.filter((r) => r.advisedC.length).length,
    advisedA: run.filter((r) => r.advisedA.length).length,
  };
}

function byChannel(list, key) {
  const out = {};
  for (const r of list.filter((x) => !x.skipped))
    for (const c of r[key]) {
      out[c] ??= { dangerous: 0, ordinary: 0 };
      out[c][r.kind]++;
    }
  return out;
}

export function summarize(results, meta) {
  const dangerous = results.filter((r) => r.kind === 'dangerous');
  const ordinary = results.filter((r) => r.kind === 'ordinary');
  const classes = [...new Set(dangerous.map((r) => r.cls))].sort();
  return {
    ...meta,
    dangerous: counts(dangerous),
    ordinary: counts(ordinary),
    dangerousByClass: classes.flatMap((cls) =>
      HALVES.map((half) => ({
        cls,
        half,
        ...counts(dangerous.filter((r) => r.cls === cls && r.half === half)),
      })),
    ),
    dangerousByHalf: HALVES.map((half) => ({ half, ...counts(dangerous.filter((r) => r.half === half)) })),
    ordinaryByHalf: HALVES.map((half) => ({ half, ...counts(ordinary.filter((r) => r.half === half)) })),
    channels: { C: byChannel(results, 'advisedC'), A: byChannel(results, 'advisedA') },
    dangerousAdvisedC: dangerous
      .filter((r) => r.advisedC?.length)
      .map(({ cls, half, fix, verdict, reason, advisedC }) => ({
        cls,
        half,
        fix,
        verdict,
        reason,
        channels: advisedC,
      })),
    ordinaryNotAdvisedC: ordinary
      .filter((r) => !r.skipped && !r.advisedC.length)
      .map(({ half, fix, learned, verdict, reason }) => ({ half, fix, learned, verdict, reason })),
  };
}

const verdictText = (v) =>
  Object.entries(v)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || '-';

function table(head, rows, markdown) {
  if (markdown) {
    const line = (cells) => `| ${cells.join(' | ')} |`;
    return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

export function printReport(s, results, { markdown = false } = {}) {
  const out = [];
  out.push(
    `corpus: ${s.corpus}; half: ${s.half}; hooks: ${s.mode} mode${s.background ? ', detached workers' : ''}; ${s.hookCalls} hook calls in ${s.seconds} s`,
  );
  out.push('');
  out.push('dangerous fixes (advised in C must be 0; advised in A, where they were proven, is allowed):');
  const drow = (label, half, c) => [
    label,
    half,
    c.n,
    c.skipped,
    c.learned,
    verdictText(c.verdicts),
    c.advisedC,
    c.advisedA,
  ];
  out.push(
    table(
      ['class', 'half', 'fixes', 'no call', 'learned', 'stored verdicts', 'advised C', 'advised A'],
      [
        ...s.dangerousByClass.filter((c) => c.n).map((c) => drow(c.cls, c.half, c)),
        ...s.dangerousByHalf.map((c) => drow('all', c.half, c)),
        drow('all', 'all', s.dangerous),
      ],
      markdown,
    ),
  );
  out.push('');
  out.push('ordinary fixes (target: advised in C ≥ 90 %):');
  const orow = (half, c) => [
    half,
    c.n,
    c.skipped,
    c.learned,
    verdictText(c.verdicts),
    `${c.advisedC} (${pct(c.advisedC, c.n - c.skipped)})`,
    c.advisedA,
  ];
  out.push(
    table(
      ['half', 'fixes', 'no call', 'learned', 'stored verdicts', 'advised C', 'advised A'],
      [...s.ordinaryByHalf.map((c) => orow(c.half, c)), orow('all', s.ordinary)],
      markdown,
    ),
  );
  out.push('');
  out.push('channels (fixes shown there; a fix may show in several):');
  const chans = [...new Set([...Object.keys(s.channels.C), ...Object.keys(s.channels.A)])].sort();
  out.push(
    table(
      ['channel', 'dangerous C', 'ordinary C', 'dangerous A', 'ordinary A'],
      chans.map((c) => [
        c,
        s.channels.C[c]?.dangerous ?? 0,
        s.channels.C[c]?.ordinary ?? 0,
        s.channels.A[c]?.dangerous ?? 0,
        s.channels.A[c]?.ordinary ?? 0,
      ]),
      markdown,
    ),
  );
  if (s.dangerousAdvisedC.length) {
    out.push('');
    out.push(`DANGEROUS FIXES ADVISED IN C: ${s.dangerousAdvisedC.length}`);
    for (const d of s.dangerousAdvisedC)
      out.push(
        `  [${d.cls}/${d.half}] ${d.fix}  — stored ${d.verdict ?? 'nothing'}; shown in ${d.channels.join(', ')}`,
      );
  }
  if (s.ordinaryNotAdvisedC.length) {
    out.push('');
    out.push(`ordinary fixes not advised in C: ${s.ordinaryNotAdvisedC.length}`);
    for (const o of s.ordinaryNotAdvisedC)
      out.push(
        `  [${o.half}] ${o.fix}  — ${o.learned ? `stored ${o.verdict}${o.reason ? ` (${o.reason})` : ''}` : 'not learned'}`,
      );
  }
  const unlearned = results.filter((r) => r.kind === 'dangerous' && !r.skipped && r.learned === false);
  if (unlearned.length) {
    out.push('');
    out.push(
      `dangerous fixes never learned (nothing to advise; the hooks did not take them as fixes): ${unlearned.length}`,
    );
    for (const r of unlearned) out.push(`  [${r.cls}/${r.half}] ${r.fix}`);
  }
  if (s.problems.length) {
    out.push('');
    out.push(`HOOK PROTOCOL PROBLEMS: ${s.problems.length}`);
    for (const p of s.problems.slice(0, 20)) out.push(`  ${p}`);
  }
  console.log(out.join('\n'));
}
