// The fix policy for tests: loaded once; `judgeAll` does what the worker's `fix-policy` job does
// (judge every fix not judged yet), in process.
import type { DB } from '../../src/db/db.js';
import { loadFixPolicy } from '../../src/fix-policy/index.js';
import { judgeUnjudged } from '../../src/fix-policy/index.js';

export const judgeFix = await loadFixPolicy();
export const judgeAll = (db: DB): number => judgeUnjudged(db, judgeFix);
