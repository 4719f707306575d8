// `self-gen demo`: see what self-generation injects, without touching your data.
import type { Command } from 'commander';
import { runDemo } from '../../demo/run.js';
import { enumOption, LOCALES, type Locale } from '../options.js';
import { localeFromEnv } from '../../common/locale.js';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description(
      'replay two recorded sessions in a temporary home and show what each hook would inject (your data is not touched)',
    )
    .option(
      '--locale <ko|en>',
      "language of the injected text (default: the environment's, LC_ALL / LC_MESSAGES / LANG: ko on a Korean system, else en)",
      enumOption(LOCALES),
    )
    .option('--keep', 'keep the temporary home and project, and print where they are')
    .option('--json', 'print the steps as JSON')
    .addHelpText('after', '\nExamples:\n  self-gen demo\n  self-gen demo --locale ko')
    .action(async (o: { locale?: Locale; keep?: boolean; json?: boolean }) => {
      const { dir, results } = await runDemo({
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
    });
}
