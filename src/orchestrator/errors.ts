// One error type for the orchestrator: a list of "file: field: message" issues. A contract that
// fails its schema is reported this way and never half-used.
import type { FieldIssue } from './schemas.js';

export class OrchError extends Error {
  constructor(
    public readonly issues: FieldIssue[],
    /** A suggested next step for the user (printed as "fix:" by the CLI). */
    public readonly fix?: string,
  ) {
    super(issues.map(formatIssue).join('\n'));
  }
}

export function formatIssue(i: FieldIssue): string {
  return `${i.file}: ${i.field ? `${i.field}: ` : ''}${i.message}`;
}

export function orchError(file: string, field: string, message: string, fix?: string): OrchError {
  return new OrchError([{ file, field, message }], fix);
}
