// The floor the real-time hooks are compared with: node + better-sqlite3 opening the same
// database (WAL, busy timeout), reading stdin, one query, exit. Usage: node hooks-realtime-floor.mjs <db>
import Database from 'better-sqlite3';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const db = new Database(process.argv[2]);
db.pragma('busy_timeout = 2000');
db.pragma('journal_mode', { simple: true });
db.pragma('user_version', { simple: true });
db.close();
process.exit(0);
