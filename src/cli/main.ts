// The command line: options and help of every command; each command module loads on demand.
import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../core/errors.js';
import { EXIT, EXIT_HELP } from '../core/exit-codes.js';
import { installInterruptHandler, interruptExitCode, wasInterrupted } from '../core/interrupt.js';
import { installRedaction } from '../core/redact.js';
import { toolVersion } from '../core/version.js';

/** Every command: its name, its options and help, and the module that runs it (loaded on demand). */
interface CommandSpec {
  name: string;
  alias?: string;
  define: (cmd: Command) => Command;
  /** positional arguments as commander parsed them, and the command's options merged over the global ones */
  run: (args: unknown[], o: never) => Promise<number>;
}

const collect = (v: string, prev: string[] = []) => [...prev, v];

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'init',
    define: (c) => c
      .description('start a project here: config (embedded emulator + production skeleton), CI workflows, a first template; never overwrites')
      .option('--channel <alias>', 'alias of the first channel (default: asked on a terminal, else "whatsapp")')
      .option('--kind <whatsapp|rcs>', 'what that channel is (default: asked on a terminal, else rcs for an alias with "rcs" in it, whatsapp otherwise); the first template fits it')
      .option('-y, --yes', 'ask nothing; take the defaults and the flags')
      .addHelpText('after', `\n${EXIT_HELP}`),
    run: async (args, o) => (await import('./init.js')).initCommand(o),
  },
  {
    name: 'lint',
    define: (c) => c
      .description('check template files against the JSON Schema and the WhatsApp and RCS platform rules')
      .argument('[paths...]', 'files, directories or globs (default: the config\'s `templates` globs)')
      .addOption(new Option('-f, --format <format>', 'output format').choices(['stylish', 'json', 'sarif', 'github', 'markdown']).default('stylish'))
      .option('-o, --output <file>', 'write the report to a file instead of stdout')
      .option('--max-warnings <n>', 'exit 1 when there are more warnings than this')
      .option('--cache', 'reuse the results of unchanged files (.tplsync/lint-cache.json next to the config)')
      .option('--cache-location <file>', 'where the cache lives (implies --cache)')
      .option('--fix', 'repair what a rule can repair with certainty (renumber placeholders, add sample stubs, regroup quick replies, ...), writing each file atomically; then report what is left')
      .addHelpText('after', `\nInline suppression: # tplsync-disable-next-line RULE-ID -- reason\nRules: https://github.com/tplsync/tplsync/blob/main/docs/rules.md\n\n${EXIT_HELP}`),
    run: async (args, o) => (await import('./lint.js')).lintCommand(args[0] as never, o),
  },
  {
    name: 'plan',
    define: (c) => c
      .description('show what apply would change: create, update, noop, orphan, with field-level diffs')
      .argument('[paths...]', 'template files, directories or globs (default: the config\'s `templates`)')
      .option('--out <file>', 'save the plan for `tplsync apply FILE` (refused later if anything moved)')
      .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
      .option('-o, --output <file>', 'write the rendering to a file instead of stdout')
      .option('--detailed-exitcode', 'exit 2 when there are changes (0 when none)')
      .option('--parallelism <n>', 'templates read at once', '8')
      .option('--shard <i/n>', 'plan only shard I of N (a CI matrix): the I-th of N slices of the templates sorted by channel/name/language; sizes differ by at most one')
      .option('--base <ref>', 'git ref of the last applied files: report orphans and category changes (default for categories: the merge base of HEAD with its upstream branch)')
      .option('--orphans', 'report the templates the channels\' listing names that no file defines (needs environments.<env>.list in the config; no --base needed)')
      .option('--marker <text>', 'hidden marker of the markdown comment (default tplsync-plan:<env>)')
      .option('--preview-url <url>', 'with --format markdown: link the comment to the before/after site of `preview --changes` (e.g. its workflow artifact)')
      .option('--verbose', 'list unchanged templates too')
      .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
      .addHelpText('after', `\n${EXIT_HELP}`),
    run: async (args, o) => (await import('./plan.js')).planCommand(args[0] as never, o),
  },
  {
    name: 'apply',
    define: (c) => c
      .description('write the changes: from a saved plan (refused if stale), or plan the files and apply')
      .argument('[planOrPaths...]', 'a plan file from `plan --out`, or template paths')
      .option('--auto-approve', 'do not ask for confirmation (required when stdin is not a terminal)')
      .option('--parallelism <n>', 'templates written at once', '8')
      .option('--results <file>', 'write the per-template results as JSON')
      .option('--wait', 'follow the review until each template is APPROVED or REJECTED')
      .option('--wait-timeout <seconds>', 'give up waiting after this long', '600')
      .option('--no-wait-for-quota', 'when a channel\'s creation quota (environments.<env>.createQuota) is used up, stop creating and report what is left (exit 5) instead of waiting for the next window')
      .option('--base <ref>', 'git ref of the last applied files: carries category changes (default: the merge base of HEAD with its upstream branch)')
      .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
      .addHelpText('after', `\n${EXIT_HELP}`),
    run: async (args, o) => (await import('./apply.js')).applyCommand(args[0] as never, o),
  },
  {
    name: 'pull', alias: 'import',
    define: (c) => c
      .description('adopt existing templates into files (keeping their publicId): by id, or every template of a channel; or from a Meta or Twilio export file')
      .argument('[files...]', 'with --from: the export files (JSON) to read')
      .requiredOption('--channel <alias>', 'channel alias (or UUID)')
      .addOption(new Option('--from <format>', 'read the templates from export FILES in this platform\'s own JSON instead of the channel').choices(['meta', 'twilio']))
      .option('--id <uuid...>', 'template ids (several after one --id, or --id repeated)')
      .option('--all', 'every template the channel\'s listing names (needs environments.<env>.list in the config), but those the files already manage')
      .option('--names-from <meta-and-files...>', 'meta FILE...: the placeholder names of the pulled templates from a Meta export of them (by name and language; a count that differs is reported, kept numbered)')
      .option('--dir <dir>', 'where to write the files', 'templates')
      .option('--category <category>', 'category to write (the API and a Twilio export carry none); default: MARKETING for a carousel, limited-time offer or catalog, AUTHENTICATION for a template with an OTP button, else UTILITY')
      .option('--force', 'overwrite existing files')
      .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl'),
    run: async (args, o) => (await import('./pull.js')).pullCommand({ ...(o as object), files: args[0] } as never),
  },
  {
    name: 'export',
    define: (c) => c
      .description('the template files in another platform\'s format: --to meta writes the bodies of Meta\'s create-template requests, --to twilio Twilio\'s Content create requests with their WhatsApp approval requests (pull --from reads either back)')
      .argument('[paths...]', 'template files, directories or globs (default: the config\'s `templates`)')
      .addOption(new Option('--to <format>', 'the platform\'s format').choices(['meta', 'twilio']).makeOptionMandatory())
      .option('--out <file>', 'write the JSON to this file instead of stdout')
      .addHelpText('after', `\n${EXIT_HELP}`),
    run: async (args, o) => (await import('./export.js')).exportCommand(args[0] as never, o),
  },
  {
    name: 'types',
    define: (c) => c
      .description('generate the TypeScript module of every template\'s placeholders (TemplateKey, TemplateParams, sendTemplate)')
      .option('--out <file>', 'where to write it (default: typesOut of the config, tplsync-templates.ts)')
      .option('--check', 'write nothing; exit 1 when the file is stale')
      .option('--import-from <module>', 'where the module imports tplsync from', 'tplsync')
      .addHelpText('after', `\n${EXIT_HELP}`),
    run: async (args, o) => (await import('./types.js')).typesCommand(o),
  },
  {
    name: 'send',
    define: (c) => c
      .description('send a text or a template through the conversation operation; prints the clientMessageId')
      .requiredOption('--channel <alias>', 'channel alias (or UUID)')
      .requiredOption('--to <receiver>', 'the receiver')
      .option('--text <text>', 'send this text')
      .option('--reply <text>', 'with --text: a reply suggestion (repeatable)', collect)
      .option('--open-url <text=url>', 'with --text: an open-url suggestion (repeatable)', collect)
      .option('--template <name>', 'send this template (from the template files)')
      .option('--language <code>', 'the template\'s language (when it has several)')
      .option('--param <name=value>', 'a placeholder value (repeatable); a carousel card\'s as card_<n>.<name>=value', collect)
      .option('--text-only', 'send the text part of a template whose other parts (media header, copy-code or phone button, RCS cards...) a conversation message cannot carry, and list what was left out')
      .option('--no-remote-check', 'with --template: do not read the template from the channel first (by default it must be there, APPROVED and match its file)')
      .option('--preset-text <text>', 'with --template: the text of an authentication template whose text WhatsApp writes, in its language, with {{code}} (required for languages other than English)')
      .option('--client-message-id <uuid>', 'use this id (default: a fresh UUID); a repeat with the same id is answered, not sent again')
      .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
      .addHelpText('after', `\n${EXIT_HELP}`),
    run: async (args, o) => (await import('./send.js')).sendCommand(o),
  },
  {
    name: 'promote',
    define: (c) => c
      .description('plan an environment for the templates another environment has APPROVED as the files have them; the rest are held, each with why')
      .argument('[paths...]', 'template files, directories or globs (default: the config\'s `templates`)')
      .requiredOption('--from <env>', 'the source environment, whose review is the gate (e.g. staging)')
      .requiredOption('--to <env>', 'the environment to plan (e.g. production)')
      .option('--out <file>', 'save the promotion for `tplsync apply FILE` (refused later if the source or the target moved)')
      .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
      .option('-o, --output <file>', 'write the rendering to a file instead of stdout')
      .option('--detailed-exitcode', 'exit 2 when there is something to promote, or a template the target does not approve')
      .option('--marker <text>', 'hidden marker of the markdown comment (default tplsync-promote:<from>:<to>)')
      .option('--parallelism <n>', 'templates read at once', '8')
      .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
      .addHelpText('after', `\n${EXIT_HELP}`),
    run: async (args, o) => (await import('./promote.js')).promoteCommand(args[0] as never, o),
  },
  {
    name: 'review',
    define: (c) => c
      .description('every template of an environment with its life on the channel: state, quality, pauses, edits left, rejection reason and recommendation, and what to do')
      .argument('[paths...]', 'template files, directories or globs (default: the config\'s `templates`)')
      .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
      .option('-o, --output <file>', 'write the rendering to a file instead of stdout')
      .option('--parallelism <n>', 'templates read at once', '8')
      .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
      .addHelpText('after', `\nExit 0 when every template is APPROVED; 2 when any is not (PENDING, absent, REJECTED, PAUSED, ...) or its category differs.\n\n${EXIT_HELP}`),
    run: async (args, o) => (await import('./review.js')).reviewCommand(args[0] as never, o),
  },
  {
    name: 'status',
    define: (c) => c
      .description('delivery status of a send: receiver, user and status in words')
      .argument('<clientMessageId>', 'the id printed by tplsync send')
      .option('--limit <n>', 'page size (1 to 1000; the service default is 500)')
      .option('--cursor <cursor>', 'the page after this cursor (from the previous page)')
      .option('--all', 'follow next_cursor to the last page')
      .addOption(new Option('-f, --format <format>', 'output format').choices(['table', 'json']).default('table'))
      .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
      .addHelpText('after', `\n${EXIT_HELP}`),
    run: async (args, o) => (await import('./status.js')).statusCommand(args[0] as never, o),
  },
  {
    name: 'fmt',
    define: (c) => c
      .description('rewrite template files in the canonical layout and key order, keeping comments')
      .argument('[paths...]', 'files, directories or globs (default: the config\'s `templates`)')
      .option('--check', 'write nothing; list the files that would change and exit 1'),
    run: async (args, o) => (await import('./fmt.js')).fmtCommand(args[0] as never, o),
  },
  {
    name: 'lsp',
    define: (c) => c
      .description('the Language Server Protocol server: lint findings, hover, quick fixes and completion in any editor (docs/editors.md)')
      .option('--stdio', 'speak LSP over stdin and stdout (the only transport)'),
    run: async (_args, o) => (await import('./lsp.js')).lspCommand(o),
  },
  {
    name: 'translations',
    define: (c) => c
      .description('export the texts of the templates for translators (XLIFF 2.0, PO, CSV) and import their translations into each language\'s file')
      .argument('<action>', '`export` (write translation files) or `import` (read them back)')
      .argument('[paths...]', 'export: template files, directories or globs (default: the config\'s `templates`); import: the translation files')
      .option('--source <lang>', 'export: the language translators translate from (e.g. en_US)')
      .option('--target <lang...>', 'export: the languages to translate into; one file each')
      .addOption(new Option('--format <format>', 'export: the file format').choices(['xliff', 'po', 'csv']).default('xliff'))
      .option('--out <path>', 'export: the folder of the files (TARGET.xlf, .po or .csv), or the file when there is one target', 'translations')
      .option('--dry-run', 'import: say what would be written, write nothing')
      .addHelpText('after', `\nWalkthrough: https://github.com/tplsync/tplsync/blob/main/docs/commands/translations.md\n\n${EXIT_HELP}`),
    run: async (args, o) => {
      const m = await import('./translations.js');
      const [action, paths] = args as [string, string[]];
      if (action === 'export') return m.translationsExport(paths, o);
      if (action === 'import') return m.translationsImport(paths, o);
      throw new UsageError(`translations: unknown action '${action}' (export or import)`);
    },
  },
  {
    name: 'new',
    define: (c) => c
      .description('scaffold a lint-clean template file with comments that explain each part')
      .requiredOption('--channel <alias>', 'channel alias from the config')
      .requiredOption('--name <name>', 'template name (lowercase letters, digits, _)')
      .option('--language <code>', 'language code', 'en_US')
      .option('--category <category>', 'MARKETING, UTILITY or AUTHENTICATION (WhatsApp templates; default: the kind\'s, else UTILITY)')
      .option('--kind <kind>', 'standard (a WhatsApp template, with optional RCS content), carousel (media card carousel), offer (limited-time offer), authentication (WhatsApp writes the text), call (a WhatsApp call button), gif (a GIF header), app-link (a URL button with an Android app deep link), flow (a FLOW button by name) or rcs (an RCS-only template: a card with suggestions and an SMS fallback); default: rcs on a channel the config calls RCS (channels.<alias>.kind), else standard')
      .option('--dir <dir>', 'where to write the file', 'templates')
      .option('--force', 'overwrite an existing file'),
    run: async (args, o) => (await import('./new.js')).newCommand(o),
  },
  {
    name: 'preview',
    define: (c) => c
      .description('render each template as the customer sees it (WhatsApp and RCS), with its lint findings, as a static site')
      .argument('[paths...]', 'files, directories or globs (default: the config\'s `templates`)')
      .option('--out <dir>', 'where to write index.html and one page per template')
      .option('--serve', 'serve it on 127.0.0.1 and re-render when a file changes')
      .option('--port <n>', 'port for --serve (0 picks a free one)', '0')
      .option('--changes', 'a before/after page of every template the plan would create or update (the channel today beside the files), and an index of the changes')
      .option('--base <ref>', 'with --changes: git ref of the last applied files: orphans, and what to compare with when the channel cannot be reached')
      .option('--allow-insecure-http', 'with --changes: allow a non-loopback http:// baseUrl'),
    run: async (args, o) => (await import('./preview.js')).previewCommand(args[0] as never, o),
  },
  {
    name: 'comment',
    define: (c) => c
      .description('post a Markdown file (the plan) as a pull-request comment, updating the earlier one in place')
      .requiredOption('--body-file <file>', 'the Markdown to post (e.g. from tplsync plan --format markdown)')
      .option('--marker <text>', 'the hidden marker that finds the earlier comment', 'tplsync-plan')
      .option('--repo <owner/name>', 'default: $GITHUB_REPOSITORY')
      .option('--pr <n>', 'default: the pull request of the workflow event ($GITHUB_EVENT_PATH)')
      .option('--allow-insecure-http', 'allow a non-loopback http:// $GITHUB_API_URL')
      .addHelpText('after', '\nThe token comes from $GITHUB_TOKEN, the API from $GITHUB_API_URL (default https://api.github.com).'),
    run: async (args, o) => (await import('./comment.js')).commentCommand(o),
  },
  {
    name: 'emulator',
    define: (c) => c
      .description('run the local emulator of the partner messaging API (prints `listening on URL` first)')
      .option('--port <n>', 'port on 127.0.0.1 (0 picks a free one)', '8787')
      .option('--host <address>', 'address to listen on', '127.0.0.1')
      .option('--data <file>', 'keep the state in this journal file (survives restarts and kill -9)')
      .option('--key <key>', 'an API key to accept, with access to every channel (repeatable; default $TPLSYNC_API_KEY)', collect)
      .option('--keys-file <file>', 'JSON list of {"key", "channels": [uuid...], "messageStatus": bool} for scoped keys')
      .option('--review-delay <ms>', 'how long a written template stays PENDING', '1000')
      .option('--status-delay <ms>', 'how long a sent message stays "not sent"', '1000')
      .option('--edit-limits <on|off>', 'off: no limit on edits of APPROVED templates (for local iteration; the platform allows 1 per 24 h, 10 per 30 days)', 'on')
      .option('--seed <n>', 'seed of the fault injection (same seed, same faults)')
      .option('--latency <ms>', 'added to every API request')
      .option('--jitter <ms>', 'plus up to this much at random')
      .option('--error-rate <r>', 'share of requests answered 500/502/503 (0..1)')
      .option('--rate-limit-rate <r>', 'share answered 429 with Retry-After')
      .option('--retry-after <s>', 'the Retry-After of injected 429s', '1')
      .option('--reset-rate <r>', 'share whose connection is reset')
      .option('--hang-rate <r>', 'share that never get an answer')
      .option('--truncate-rate <r>', 'share whose body is cut off')
      .option('--non-json-rate <r>', 'share answered with HTML instead of JSON')
      .option('--lost-response-rate <r>', 'share of writes and sends carried out but whose answer is lost')
      .option('--fault-operations <list>', 'faults only for these operations: write,read,send,status,list')
      .option('--create-quota <N/SECONDS>', 'per channel, at most N creations within SECONDS of the emulator\'s clock; beyond, 429 with Retry-After (e.g. 100/3600)')
      .option('--control-token <token>', 'the token the control endpoints require (default: random, printed on the second line)')
      .option('--headers-timeout <ms>', 'time allowed for a request\'s headers (default 5000)')
      .option('--request-timeout <ms>', 'time allowed for a whole request (default 10000)')
      .option('--verbose', 'log every request to stderr (never the key)')
      .addHelpText('after', '\nControl (loopback only; all but health need "Authorization: Bearer TOKEN"): GET /_emulator/health, GET|POST /_emulator/faults, POST /_emulator/clock {"advanceMs":N}, GET /_emulator/state,\n  POST /_emulator/review {"channel":UUID,"template":UUID,"statusText"?,"reason"?,"recommendation"?,"quality"?,"category"?} (examples: docs/emulator.md)'),
    run: async (args, o) => (await import('./emulator.js')).emulatorCommand(o),
  },
];

/** The options every command takes (before or after the command's name). */
export const GLOBAL_OPTIONS: readonly (readonly [flags: string, description: string])[] = [
  ['--config <file>', 'config file (default: found from the working directory: tplsync.config.yaml, .tplsyncrc, package.json#tplsync)'],
  ['--env <name>', 'environment from the config (default: defaultEnvironment)'],
  ['--debug', 'print one line per HTTP attempt (never a header) and the stack trace of an internal error'],
];

export async function main(argv: readonly string[]): Promise<number> {
  installRedaction(); // every command's stdout and stderr: no key or token a server echoes gets out
  installInterruptHandler(); // Ctrl-C and SIGTERM: exit 130 / 143; commands that can stop cleanly finish what is in flight first
  const program = new Command('tplsync');
  let code: number = EXIT.OK;
  /** a command's options merged over the global ones; commander parsed them, each command checks their values */
  const options = (cmd: Command): Record<string, unknown> => ({ ...program.opts(), ...cmd.opts() });
  program
    .description('Messaging templates as code: lint, plan and apply WhatsApp and RCS templates of the partner messaging API.')
    .version(toolVersion(), '-V, --version');
  for (const [flags, description] of GLOBAL_OPTIONS) program.option(flags, description);
  program
    .addHelpText('after', `\n${EXIT_HELP}`)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError('(run with --help for usage)');

  for (const spec of COMMANDS) {
    const cmd = program.command(spec.name);
    if (spec.alias) cmd.alias(spec.alias);
    spec.define(cmd).action(async function (this: Command, ...args: unknown[]) {
      // commander passes the positional arguments, then the options and the command itself
      code = await spec.run(args.slice(0, -2), options(this) as never);
    });
  }

  try {
    await program.parseAsync([...argv], { from: 'user' });
    // a signal that came during synchronous work (a lint, the types) is delivered now, and its exit
    // code wins over the command's: an interrupted command never reports success
    await new Promise<void>((resolve) => setImmediate(resolve));
    return wasInterrupted() && code === EXIT.OK ? interruptExitCode() : code;
  } catch (e) {
    return handleError(e, Boolean(program.opts().debug) || argv.includes('--debug'));
  }
}

export function handleError(e: unknown, debug: boolean): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return EXIT.OK;
    return EXIT.USAGE;
  }
  if (e instanceof UsageError) {
    process.stderr.write(`tplsync: ${e.message}\n`);
    return EXIT.USAGE;
  }
  const coded = e as { exitCode?: number; message?: string };
  if (typeof coded.exitCode === 'number' && coded.exitCode !== EXIT.INTERNAL) {
    process.stderr.write(`tplsync: ${coded.message}\n`);
    return coded.exitCode;
  }
  process.stderr.write(`tplsync: internal error: ${(e as Error)?.message ?? String(e)}\n`);
  if (debug && (e as Error)?.stack) process.stderr.write(`${(e as Error).stack}\n`);
  else process.stderr.write('This is a bug in tplsync; run again with --debug for the stack trace and report it.\n');
  return EXIT.INTERNAL;
}
