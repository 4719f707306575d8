// `self-gen kb show N`: one entry with every candidate fix and the fix policy's verdict on each.
import { firstErrorLine, kbEntryView, withheldLabel, type KbCandidateView } from '../../../error-kb/index.js';
import { CliError } from '../../errors.js';
import { judgedDb, safe } from './common.js';

export interface KbShowOptions {
  json?: boolean;
}

const POLICY_LABEL = {
  safe: 'offered',
  project: 'offered only where confirmed',
  withheld: 'WITHHELD',
} as const;

function printCandidate(c: KbCandidateView): void {
  // a withheld fix's text is printed only after its label, on the same line
  const label = c.policy.cls === 'withheld' ? ` [${safe(withheldLabel(c.policy.reason))}]` : '';
  console.log(`  fix ${c.id}${label}: ${safe(c.resolution).slice(0, 1000)}`);
  console.log(
    `     policy: ${POLICY_LABEL[c.policy.cls]}${c.policy.reason ? ` — ${safe(c.policy.reason)}` : ''}` +
      (c.policy.rule ? ` [rule ${safe(c.policy.rule)}: docs/fix-policy-rules.md]` : '') +
      (c.neverAdvised?.kind === 'legacy' ? ' (legacy: never advised)' : ''),
  );
  console.log(
    `     proof: ${c.proof}, confirmed ${c.confirmations}×${c.projects.length ? ` in ${c.projects.map((p) => `${safe(p.path)} (${p.confirmations}×)`).join(', ')}` : ''}, last ${c.lastConfirmed}`,
  );
}

export async function runKbShow([id]: [number], o: KbShowOptions): Promise<void> {
  const db = await judgedDb();
  try {
    const e = kbEntryView(db, id);
    if (!e)
      throw new CliError(
        `no knowledge-base entry #${id}`,
        'find the id with `self-gen kb list` or `self-gen kb review`',
      );
    if (o.json) {
      console.log(JSON.stringify(e));
      return;
    }
    console.log(`#${e.id}  ${safe(e.error_normalized).slice(0, 300)}`);
    const then = firstErrorLine(e.error_raw);
    if (then) console.log(`     error then: ${safe(then).slice(0, 200)}`);
    for (const c of e.candidates) printCandidate(c);
    if (e.candidates.length === 0) console.log('  no candidate fix');
    console.log(
      'forget: self-gen kb rm ' + e.id + '    keep with your own fix: self-gen kb edit ' + e.id + ' -r "…"',
    );
  } finally {
    db.close();
  }
}
