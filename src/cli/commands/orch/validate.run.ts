// `self-gen orch validate`: every file of the session against the skill's formats.
import { formatIssue, validateAll } from '../../../orchestrator/index.js';
import { printWarning } from '../../output.js';
import { ctxOf, orchestrate, type OrchOptions } from './common.js';

export interface OrchValidateOptions extends OrchOptions {
  request?: string;
  json?: boolean;
}

export async function runOrchValidate(_args: [], o: OrchValidateOptions): Promise<void> {
  const r = await orchestrate(() => validateAll(ctxOf(o), o.request));
  if (o.json) console.log(JSON.stringify(r, null, 2));
  else {
    for (const w of r.warnings) printWarning(`! ${w}`);
    for (const i of r.issues) console.log(`✗ ${formatIssue(i)}`);
    console.log(
      `${r.checked.length} file(s) checked, ${r.issues.length} error(s), ${r.warnings.length} warning(s)`,
    );
    for (const f of r.fixes) console.log(`fix: ${f}`);
  }
  if (r.issues.length) process.exitCode = 1;
}
