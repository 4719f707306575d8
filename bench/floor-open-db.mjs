// The "open-database floor": node + better-sqlite3 + sqlite-vec opening the same database.
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
const db = new Database(process.argv[2]);
sqliteVec.load(db);
db.pragma('user_version', { simple: true });
db.close();
