// `self-gen suggestions`: the open suggestions of the newest analysis (this project and global ones).
import { readState, listSuggestions } from '../../../analysis/index.js';
import { openForReading } from '../../read-db.js';
import { rememberShown } from '../../shown.js';
import { currentProject, formatSuggestion } from './common.js';

export interface SuggestionsOptions {
  project?: string;
  all?: boolean;
  closed?: boolean;
  json?: boolean;
}

export function runSuggestions(_args: [], o: SuggestionsOptions): void {
  const project = o.all ? null : (o.project ?? currentProject().name);
  const db = openForReading();
  try {
    // Numbers are positions in the whole list (closed ones included): applying or dismissing
    // one leaves a gap, it never renumbers the others.
    const all = listSuggestions(db, project, { includeClosed: true });
    const numbered = all.map((s, i) => ({ s, n: i + 1 }));
    const shown = o.closed ? numbered : numbered.filter((x) => x.s.status === 'open');
    const list = shown.map((x) => x.s);
    if (o.json) {
      console.log(JSON.stringify(list, null, 2));
      return;
    }
    if (list.length === 0) {
      const st = readState(db, project);
      console.log(
        `no ${o.closed ? '' : 'open '}suggestions for ${project === null ? 'any project' : `project ${project}`}` +
          (st.analyzedAt ? ` (last analysis ${st.analyzedAt})` : ' (run `self-gen analyze`)'),
      );
      return;
    }
    for (const x of shown) console.log(formatSuggestion(x.s, x.n, x.s.status));
    rememberShown(
      currentProject().path,
      shown.map((x) => ({ n: x.n, id: x.s.id })),
    );
    console.log(
      '\n`self-gen apply <id or #>` previews (add --yes to write); `self-gen dismiss <id or #>` hides one for good',
    );
  } finally {
    db.close();
  }
}
