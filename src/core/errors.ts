// Errors a user can fix by changing the command line or the config: exit code 3.
export class UsageError extends Error {
  override name = 'UsageError';
  /** the command line's exit code for it (a library caller reads it as the API errors' exitCode) */
  readonly exitCode = 3;
}

/**
 * A value given to a send that cannot be used: a missing, extra, empty or malformed parameter, a
 * channel id or clientMessageId that is not a UUID, a part a message cannot carry. Exit code 3.
 * Thrown before any request (the API client's own checks of ids throw it too).
 */
export class ParamError extends Error {
  override name = 'ParamError';
  readonly exitCode = 3;
}
