/** An error for the user: one clear line, the fix, and the exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    public fix?: string,
    public exitCode = 1,
  ) {
    super(message);
  }
}
