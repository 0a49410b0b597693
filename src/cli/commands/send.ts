// `tplsync send`: its arguments, options and help; the work is in src/cli/send.ts, loaded when it runs.
import { Option } from '@commander-js/extra-typings';
import { EXIT_HELP } from '../../core/exit-codes.js';
import { collect, defineCommand } from '../command.js';

export const command = defineCommand(
  'send',
  (c) => c
    .description('send a text or a template through the conversation operation; prints the clientMessageId')
    .option('--channel <alias>', 'channel alias (or UUID); with --template, default: the channel of the template\'s file')
    .requiredOption('--to <receiver>', 'the receiver')
    .option('--text <text>', 'send this text')
    .option('--reply <text>', 'with --text: a reply suggestion (repeatable)', collect)
    .option('--open-url <text=url>', 'with --text: an open-url suggestion (repeatable)', collect)
    .option('--template <name>', 'send this template (from the template files)')
    .option('--language <code>', 'the template\'s language (when it has several)')
    .option('--param <name=value>', 'a placeholder value (repeatable); a carousel card\'s value (card_<n>.<name>=value) is refused: no send carries a carousel', collect)
    .option('--text-only', 'send the text part of a template whose other parts (media header, copy-code or phone button, RCS cards...) a conversation message cannot carry, and list what was left out')
    .option('--no-remote-check', 'with --template: send even when the template cannot be read from the channel, or the channel has none (by default it must be there, APPROVED and match its file): for a channel that cannot be read or a test service without templates; a copy the channel has is checked all the same, never a way past a refusal')
    .option('--preset-text <text>', 'with --template: the text of an authentication template whose text WhatsApp writes, in its language, with {{code}} (required for languages other than English)')
    .option('--dry-run', 'do everything a send does up to the request (the template\'s lint, the values, the channel\'s copy read and compared, the message rendered and checked) and print the request instead of making it; exit 0 when the send would be made')
    .option('--client-message-id <uuid>', 'use this id (default: a fresh UUID); a repeat with the same id is answered, not sent again')
    .addOption(new Option('-f, --format <format>', 'output format: text (the clientMessageId) or json (the id, the service\'s answer and what was left out; schema/output/send.v1.schema.json)').choices(['text', 'json']).default('text'))
    .option('--verbose', 'say each retry of a request on stderr (no answer from the service, an error it answered), as on a terminal, when stderr is not one')
    .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
    .addHelpText('after', `\n${EXIT_HELP}`),
  async (_args, o) => (await import('../send.js')).sendCommand(o),
);
