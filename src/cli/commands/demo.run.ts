// `self-gen demo`: see what self-generation injects, without touching your data.
import { localeFromEnv } from '../../common/locale.js';
import { runDemo as replay } from '../../demo/index.js';
import { type Locale } from '../options.js';

export interface DemoOptions {
  locale?: Locale;
  keep?: boolean;
  json?: boolean;
}

export async function runDemo(_args: [], o: DemoOptions): Promise<void> {
  const { dir, results } = await replay({
    locale: o.locale ?? localeFromEnv(process.env),
    keep: o.keep,
    onStep: o.json
      ? undefined
      : (r) => {
          process.stdout.write(
            `\n${String(r.step).padStart(2)}. ${r.note}\n    [${r.event}${r.tool ? ` ${r.tool}` : ''}]`,
          );
          if (r.context) process.stdout.write(` injects:\n${r.context.replace(/^/gm, '      │ ')}\n`);
          else process.stdout.write(' (nothing to say: no output)\n');
        },
  });
  if (o.json) console.log(JSON.stringify(results, null, 2));
  if (o.keep) console.log(`\nkept: ${dir}`);
}
