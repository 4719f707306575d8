// The shared-context commands' common option: declared without loading the file store.
import type { OptionSpec } from '../../command-table.js';
import { dirOption } from '../../options.js';

/** `--project <dir>`, as most of these commands take it. */
export const projectOption: OptionSpec = {
  flags: '--project <dir>',
  description: 'the project folder',
  parse: dirOption(),
};
