// `self-gen kb rm <ids...>`: delete entries and their embeddings.
import { removeEntries } from '../../../error-kb/manage.js';
import type { CommandSpec } from '../../command-table.js';
import { CliError } from '../../errors.js';
import { openForReading } from '../../read-db.js';
import { entryId } from './common.js';

export type KbRmOptions = Record<string, never>;

export async function runKbRm([ids]: [number[]]): Promise<void> {
  const db = openForReading();
  try {
    const n = await removeEntries(db, ids);
    if (n === 0)
      throw new CliError(`no entry ${ids.map((i) => '#' + i).join(', ')}`, 'see `self-gen kb list`');
    console.log(`deleted ${n} entr${n === 1 ? 'y' : 'ies'}`);
  } finally {
    db.close();
  }
}

export const kbRmCommand: CommandSpec<[number[]], KbRmOptions> = {
  name: 'rm',
  description: 'delete entries (and their embeddings)',
  arguments: [
    {
      name: '<ids...>',
      description: 'entry ids',
      parse: (v: string, prev: number[] = []) => [...prev, entryId(v)],
    },
  ],
  help: '\nExample:\n  self-gen kb rm 12 13',
  run: runKbRm,
};
