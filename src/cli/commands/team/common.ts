// What the team commands share: the local database, team errors as CLI errors.
import { openDb, type DB } from '../../../db/db.js';
import { TeamError } from '../../../team/index.js';
import { CliError } from '../../errors.js';

export const openLocal = (): DB => openDb({ busyTimeoutMs: 5000 });

export async function guard<T>(f: () => Promise<T> | T): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof TeamError) throw new CliError(e.message, e.fix);
    throw e;
  }
}
