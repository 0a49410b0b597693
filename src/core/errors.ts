// Errors a user can fix by changing the command line or the config: exit code 3.
export class UsageError extends Error {
  override name = 'UsageError';
  /** the command line's exit code for it (a library caller reads it as the API errors' exitCode) */
  readonly exitCode = 3;
}
