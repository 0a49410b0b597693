// The TypeScript examples of docs/library.md, kept here so that they compile: tsconfig.test.json type-checks this
// file with the tests, and test/doc-examples.test.ts requires every ```ts block of that page to be one of the regions
// below (`// doc-example: NAME` to `// end doc-example`), verbatim. Change an example here first, then quote it.
import { createClient, Interrupted, NotSendable, RateLimitedError, UnavailableError } from '../../src/index.ts';

/** the service's own logger */
declare const logger: { warn(line: string): void };

export function makeClient(): ReturnType<typeof createClient> {
  // doc-example: createClient
  const client = createClient({
    baseUrl: 'https://api.example.com',
    apiKey: process.env.TPLSYNC_PRODUCTION_API_KEY ?? '',
    channels: { 'shop-whatsapp': '5d1f8e2a-8c3b-4f7e-9d6a-2b1c0e9f7a33' },
    retries: 2,
    onRetry: (r) => logger.warn(`${r.operation}: ${r.reason}; retry ${r.attempt} of ${r.of} in ${r.delayMs} ms`),
    // never through a proxy the container sets for other tools (HTTPS_PROXY)
    proxyEnv: {},
  });
  // end doc-example
  return client;
}

// doc-example: a job queue's decision
/** what a job queue does with a send that threw: again now, later (at a time, when known), or not until someone acts */
export function nextStep(e: unknown): { retry: 'now' | 'never' } | { retry: 'later'; at?: Date } {
  // our own shutdown (stopSignal): the job goes back to the queue
  if (e instanceof Interrupted) return { retry: 'now' };
  if (e instanceof NotSendable) {
    if (e.waitFor === 'pause' && e.pausedUntil !== undefined) return { retry: 'later', at: new Date(e.pausedUntil) };
    return e.waitFor !== undefined ? { retry: 'later' } : { retry: 'never' };
  }
  if (e instanceof RateLimitedError) return e.retryAfterMs !== undefined ? { retry: 'later', at: new Date(Date.now() + e.retryAfterMs) } : { retry: 'later' };
  // (again with e.clientMessageId when it is set: never a second message)
  if (e instanceof UnavailableError) return { retry: 'later' };
  return { retry: 'never' };
}
// end doc-example
