// `self-gen events`: the recorded events, newest first.
import { queryEvents } from '../../db/events/read.js';
import { openForReading } from '../read-db.js';

export interface EventsOptions {
  type?: string;
  session?: string;
  project?: string;
  since?: string;
  search?: string;
  limit: number;
  json?: boolean;
}

export function runEvents(_args: [], o: EventsOptions): void {
  const db = openForReading();
  const rows = queryEvents(db, {
    type: o.type,
    sessionId: o.session,
    project: o.project,
    since: o.since,
    search: o.search,
    limit: o.limit,
  });
  for (const r of rows) {
    if (o.json) console.log(JSON.stringify(r));
    else
      console.log(
        `${r.ts}  ${r.type.padEnd(15)} ${r.project ?? '-'}  ${JSON.stringify(r.data).slice(0, 160)}`,
      );
  }
  if (!o.json && rows.length === 0) console.log('no events match');
  db.close();
}
