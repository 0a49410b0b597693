// `tplsync emulator`: its arguments, options and help; the work is in src/cli/emulator.ts, loaded when it runs.
import { collect, defineCommand } from '../command.js';

export const command = defineCommand(
  'emulator',
  (c) => c
    .description('run the local emulator of the partner messaging API (prints `listening on URL` first)')
    .option('--port <n>', 'port on 127.0.0.1 (0 picks a free one)', '8787')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--data <file>', 'keep the state in this journal file (survives restarts and kill -9)')
    .option('--key <key>', 'an API key to accept, with access to every channel (repeatable; default $TPLSYNC_API_KEY)', collect)
    .option('--keys-file <file>', 'JSON list of {"key", "channels": [uuid...], "messageStatus": bool} for scoped keys')
    .option('--review-delay <duration>', 'how long a written template stays PENDING: milliseconds when bare, or 2s, 1m', '1000')
    .option('--status-delay <duration>', 'how long a sent message stays "not sent": milliseconds when bare, or 2s, 1m', '1000')
    .option('--edit-limits <on|off>', 'off: no limit on edits of APPROVED templates (for local iteration; the platform allows 1 per 24 h, 10 per 30 days)', 'on')
    .option('--seed <n>', 'seed of the fault injection (same seed, same faults)')
    .option('--latency <duration>', 'added to every API request: milliseconds when bare, or 2s (up to 1m)')
    .option('--jitter <duration>', 'plus up to this much at random: milliseconds when bare, or 2s (up to 1m)')
    .option('--error-rate <r>', 'share of requests answered 500/502/503 (0..1)')
    .option('--rate-limit-rate <r>', 'share answered 429 with Retry-After')
    .option('--retry-after <duration>', 'the Retry-After of injected 429s: seconds when bare, or 1m (whole seconds, up to 1h)', '1')
    .option('--reset-rate <r>', 'share whose connection is reset')
    .option('--hang-rate <r>', 'share that never get an answer')
    .option('--truncate-rate <r>', 'share whose body is cut off')
    .option('--non-json-rate <r>', 'share answered with HTML instead of JSON')
    .option('--lost-response-rate <r>', 'share of writes and sends carried out but whose answer is lost')
    .option('--failed-send-rate <r>', 'share of sends taken whose message fails (answered with messages[].status 3)')
    .option('--fault-operations <list>', 'faults only for these operations: write,read,send,status,list')
    .option('--create-quota <N/SECONDS>', 'per channel, at most N creations within SECONDS of the emulator\'s clock; beyond, 429 with Retry-After (e.g. 100/3600, or 100/1h)')
    .option('--control-token <token>', 'the token the control endpoints require (default: random, printed on the second line)')
    .option('--headers-timeout <duration>', 'time allowed for a request\'s headers: milliseconds when bare, or 5s (default 5000)')
    .option('--request-timeout <duration>', 'time allowed for a whole request: milliseconds when bare, or 10s (default 10000)')
    .option('--verbose', 'log every request to stderr (never the key)')
    .addHelpText('after', '\nControl (loopback only; all but health need "Authorization: Bearer TOKEN"): GET /_emulator/health, GET|POST /_emulator/faults, POST /_emulator/clock {"advanceMs":N}, GET /_emulator/state,\n  POST /_emulator/review {"channel":UUID,"template":UUID,"statusText"?,"reason"?,"recommendation"?,"quality"?,"category"?,"pause"?} (examples: docs/emulator.md)'),
  async (_args, o) => (await import('../emulator.js')).emulatorCommand(o),
);
