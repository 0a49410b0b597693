// Errors a user can fix by changing the command line or the config: exit code 3.
export class UsageError extends Error {
  override name = 'UsageError';
  /** the command line's exit code for it (a library caller reads it as the API errors' exitCode) */
  readonly exitCode = 3;
}

/** What a line `FILE:LINE:COLUMN: message` of an error's message names, with the end of it (a key, a key and its value): what an editor underlines. */
export interface ProblemSpan { file: string; line: number; column: number; endLine: number; endColumn: number; message: string }

/**
 * A UsageError whose message lists problems at their places (`FILE:LINE:COLUMN: message`, the config's), with the
 * span of each: the language server shows them in the file over what they name (the command line prints the message).
 */
export class PlacedUsageError extends UsageError {
  constructor(message: string, readonly spans: readonly ProblemSpan[]) { super(message); }
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
