// `tplsync preview`: its arguments, options and help; the work is in src/cli/preview.ts, loaded when it runs.
import { defineCommand } from '../command.js';

export const command = defineCommand(
  'preview',
  (c) => c
    .description('render each template as the customer sees it (WhatsApp and RCS), with its lint findings, as a static site')
    .argument('[paths...]', 'files, directories or globs (default: the config\'s `templates`)')
    .option('--out <dir>', 'where to write index.html and one page per template')
    .option('--serve', 'serve it on 127.0.0.1 and re-render when a file changes')
    .option('--port <n>', 'port for --serve (0 picks a free one)', '0')
    .option('--changes', 'a before/after page of every template the plan would create or update (the channel today beside the files), and an index of the changes')
    .option('--base <ref>', 'with --changes: git ref of the last applied files: orphans, and what to compare with when the channel cannot be reached')
    .option('--allow-insecure-http', 'with --changes: allow a non-loopback http:// baseUrl'),
  async ([paths], o) => (await import('../preview.js')).previewCommand(paths, o),
);
