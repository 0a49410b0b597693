// `tplsync new`: its arguments, options and help; the work is in src/cli/new.ts, loaded when it runs.
import { defineCommand, LOCK_TIMEOUT_FLAGS, LOCK_TIMEOUT_HELP } from '../command.js';

export const command = defineCommand(
  'new',
  (c) => c
    .description('scaffold a lint-clean template file with comments that explain each part (its description a stub for you to write)')
    .requiredOption('--channel <alias>', 'channel alias from the config')
    .requiredOption('--name <name>', 'template name (lowercase letters, digits, _)')
    .option('--language <code>', 'language code, ll or ll_CC (BCP 47 as the translations commands take it, pt-BR, is taken as pt_BR)', 'en_US')
    .option('--category <category>', 'MARKETING, UTILITY or AUTHENTICATION (WhatsApp templates; default: the kind\'s, else UTILITY)')
    .option('--kind <kind>', 'standard (a WhatsApp template, with optional RCS content), carousel (media card carousel), offer (limited-time offer), authentication (WhatsApp writes the text), call (a WhatsApp call button), gif (a GIF header), app-link (a URL button with an Android app deep link), flow (a FLOW button by name), product (a single-product template), product-carousel (product cards), call-permission (a call permission request), order-details, order-status or rcs (an RCS-only template: a card with suggestions and an SMS fallback); default: rcs on a channel the config calls RCS (channels.<alias>.kind), else standard')
    .option('--dir <dir>', 'where to write the file (default: the folder the config\'s first templates glob starts from, beside the config); the file is NAME.LANG.yaml, or .yml where the globs take only that')
    .option('--force', 'overwrite an existing file')
    .option(LOCK_TIMEOUT_FLAGS, LOCK_TIMEOUT_HELP),
  async (_args, o) => (await import('../new.js')).newCommand(o),
);
