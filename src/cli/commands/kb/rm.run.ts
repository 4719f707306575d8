// `self-gen kb rm <ids...>`: delete entries and their embeddings.
import { removeEntries } from '../../../error-kb/index.js';
import { CliError } from '../../errors.js';
import { openForReading } from '../../read-db.js';

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
