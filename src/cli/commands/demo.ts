// `self-gen demo`: see what self-generation injects, without touching your data.
import { localeFromEnv } from '../../common/locale.js';
import { runDemo as replay } from '../../demo/run.js';
import type { CommandSpec } from '../command-table.js';
import { enumOption, LOCALES, type Locale } from '../options.js';

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

export const demoCommand: CommandSpec<[], DemoOptions> = {
  name: 'demo',
  description:
    'replay two recorded sessions in a temporary home and show what each hook would inject (your data is not touched)',
  options: [
    {
      flags: '--locale <ko|en>',
      description:
        "language of the injected text (default: the environment's, LC_ALL / LC_MESSAGES / LANG: ko on a Korean system, else en)",
      parse: enumOption(LOCALES),
    },
    { flags: '--keep', description: 'keep the temporary home and project, and print where they are' },
    { flags: '--json', description: 'print the steps as JSON' },
  ],
  help: '\nExamples:\n  self-gen demo\n  self-gen demo --locale ko',
  run: runDemo,
};
