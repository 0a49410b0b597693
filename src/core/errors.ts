// Errors a user can fix by changing the command line or the config: exit code 3.
export class UsageError extends Error {
  override name = 'UsageError';
}
