// The one exit-code table of every command (DESIGN.md).
export const EXIT = {
  OK: 0,
  FINDINGS: 1,
  CHANGES: 2,
  USAGE: 3,
  STALE_PLAN: 4,
  PARTIAL: 5,
  AUTH: 6,
  UNAVAILABLE: 7,
  INTERNAL: 70,
  INTERRUPTED: 130,
  TERMINATED: 143,
} as const;

export const EXIT_HELP = `Exit codes:
  0   success: no findings, no changes, or everything applied
  1   findings: lint errors (or warnings over --max-warnings), stale generated files, templates pull could not write (each said)
  2   changes present, or a template the channel does not approve (plan --detailed-exitcode, where PENDING is fine; review; send refuses one with 3)
  3   usage or configuration error, a send refused (its template not APPROVED on the channel, a wrong value: nothing sent), or output that could not be written (a full disk)
  4   stale plan: what the saved plan was made against has moved; nothing written
  5   partial apply, or a pull the API cut short: some templates failed (pull: could not be read), each said; a re-run is safe; plan: apply would skip an update (each said)
  6   authentication or authorization refused
  7   remote unavailable: retries exhausted (nothing was written; send says whether the message may have been delivered, and names its id)
  70  internal error (a bug), or an API answer outside its contract (the message says so): a short message, the stack only with --debug
  130 interrupted (Ctrl-C): the writes in flight finished, nothing new started, the results say which
  143 terminated (SIGTERM, how CI cancels a job): as 130`;
