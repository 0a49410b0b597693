// `tplsync types [--out FILE] [--check]`: the TypeScript module of every template's placeholders.
import { asIdentifier } from '../core/redact.js';
import { shellWord } from '../core/shell-word.js';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { escapesProject } from '../files/confine-write.js';
import { fromFile } from '../model/canonical.js';
import { templateMeta } from '../model/meta.js';
import { LintFailed, loadProject } from '../project/load.js';
import { namesStdout, outputPlace, placeWords, writeOutput, writtenInPlace } from '../files/output-file.js';
import { commandConfig } from './context.js';
import { keyRemedy, shownEnvironment, shownTemplate, unfilledReferences } from '../project/values.js';
import { reportLintFailure, sayLeftOut } from './report.js';
import { filesInEnvironment, refuseUnknownExcludeKeys } from '../project/environment-templates.js';

import { DEFAULT_IMPORT, escapeUnseen, generatedWith, importedFrom } from '../typegen/header.js';
import { lineEndsOf, withLineEnd } from '../files/line-ends.js';
import { acceptedCategory } from '../config/categories.js';
import { io, resolvePath, shownPath } from '../core/io.js';
import { projectFiles, protectedOutput, refuseProtectedOutput } from '../files/output-target.js';
import { templateHoldsKey } from '../model/holds-key.js';
import { annotation, projectRun, readerPath } from './reader-place.js';
import { describeChanges, moduleChanges } from '../typegen/diff.js';
import { visible } from '../core/visible.js';
export interface TypesCommandOptions { config?: string; env?: string; out?: string; check?: boolean; importFrom?: string }

export async function typesCommand(o: TypesCommandOptions): Promise<number> {
  const config = await commandConfig(o);
  // --out - (or /dev/stdout): the module on stdout, as translations export --out - writes its file
  const toStdout = namesStdout(o.out);
  if (toStdout && o.check) throw new UsageError('--check compares the module file with what the templates make; --out - writes to stdout and has no file to compare: name the file (--out FILE), or leave --out for the config\'s typesOut');
  // an absolute typesOut was joined onto the config's folder (/tmp/t.ts written as ./tmp/t.ts, in silence): refused as a
  // path leading out is (the config's typesOut is a path inside the project, relative to the config's folder)
  if (o.out === undefined && !toStdout && (path.posix.isAbsolute(config.typesOut) || path.win32.isAbsolute(config.typesOut))) {
    throw new UsageError(`typesOut in ${config.file ? path.relative(io().cwd(), config.file) || config.file : 'the config'} is an absolute path (${config.typesOut}); typesOut is a path inside the project, relative to the config's folder: write it so (e.g. src/tplsync-templates.ts), or name a file anywhere with --out`);
  }
  // `~/types.ts`: a shell's home folder, which a config is not read by (it was written to a folder named ~ in the project)
  if (o.out === undefined && !toStdout && /^~([\\/]|$)/.test(config.typesOut)) {
    throw new UsageError(`typesOut in ${config.file ? path.relative(io().cwd(), config.file) || config.file : 'the config'} starts with ~ (${config.typesOut}): no shell reads the config, so ~ is not your home folder but a folder named ~; typesOut is a path inside the project, relative to the config's folder (e.g. src/tplsync-templates.ts), or name a file anywhere with --out`);
  }
  const out = path.resolve(io().cwd(), toStdout ? path.join(config.dir, config.typesOut) : o.out ?? path.join(config.dir, config.typesOut));
  // an import the module cannot be written with: its first line records it, and a line break or a character that shows
  // nothing there would leave a first line (and a command to update it) that no one can read back
  if (o.importFrom !== undefined && (o.importFrom.trim() === '' || escapeUnseen(o.importFrom) !== o.importFrom)) {
    throw new UsageError(`--import-from ${JSON.stringify(o.importFrom)}: give the module specifier the module imports tplsync from (a package name, a path alias such as '#tplsync', or a relative path), without line breaks or characters that show nothing`);
  }
  const option = o.out !== undefined ? '--out' : 'typesOut', shown = o.out ?? path.relative(io().cwd(), out);
  // a device or a named pipe (/dev/null, /dev/stderr): written in place, never read (files/output-file.ts)
  const place = toStdout ? 'stdout' : outputPlace(out, `${option} ${shown}`);
  if (!toStdout) {
    if (o.check) {
      // --check writes nothing: the file is not one it would replace, but one it cannot compare
      const why = protectedOutput(shown, projectFiles(config), { generatedTypes: true }) ?? (writtenInPlace(place) ? `${placeWords(place)}, not a file` : undefined);
      if (why) throw new UsageError(`${option} ${shown} is ${why}: --check compares the module \`tplsync types\` generated with what the templates make, and writes nothing; name that module's file`);
    } else refuseProtectedOutput(option, shown, projectFiles(config), { generatedTypes: true });
  }
  const file = toStdout || writtenInPlace(place) ? undefined : currentModule(out, shown);
  // a byte-order mark an editor put before the module (utf-8-bom) is the file's, not the module's: kept when it is rewritten
  const bom = file?.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const current = bom ? file!.slice(1) : file;
  // what the module was made with, as its first line records it
  const recorded = current !== undefined ? generatedWith(current) : {};
  // --check without --env checks a module against the environment it was generated for (its header names it)
  const envName = o.env ?? (o.check && current !== undefined ? recorded.environment : undefined);
  // where it imports tplsync from: --import-from, else what the module was made with (a re-run or --check keeps the
  // import the app compiles with rather than write \`tplsync\` over it), else tplsync
  // (a module made before its first line recorded it: its import declaration)
  const importFrom = o.importFrom ?? recorded.importFrom ?? (current !== undefined ? importedFrom(current) : undefined) ?? DEFAULT_IMPORT;
  const project = await loadProject(config, [], io().cwd());
  if (project.failed) return reportLintFailure(new LintFailed(project.diagnostics, project.files.length), config, 'nothing was generated');
  // the references to environment values as that environment gives them (secrets as `(secret)`: the module is a file)
  const environment = shownEnvironment(config, envName);
  // a template whose text holds the API key: its module would hold it, or [redacted] where the key is known (a module that
  // changes with the shell it was made in); refused, as plan and apply hold such a template
  // the templates this environment has: a template on a channel alias it does not define is only the other environments'
  // (plan leaves it out by the same rule, and says so); its key in this module would compile a send that can only fail
  refuseUnknownExcludeKeys(environment, project.files);
  const files = filesInEnvironment(project.files, environment, environment ? sayLeftOut(environment.name) : () => undefined);
  const keyed = files.filter((f) => templateHoldsKey(shownTemplate(f.file, f.value!, environment)));
  if (keyed.length) {
    for (const f of keyed) io().stderr.write(`tplsync: ${asIdentifier(f.file)}: the text holds the API key, or 8 or more characters of it in a row; ${keyRemedy(f.file, f.value!, environment)}.\n`);
    io().stderr.write('tplsync: nothing was generated.\n');
    return EXIT.FINDINGS;
  }
  const metas = files.map((f) => {
    const channel = String(f.value!.channel);
    // the category this environment accepts for it (environments.<env>.categories), as plan and send take it: the module's
    // sendTemplate sends a copy approved under it, and the module changes (types --check says stale) when the config does
    const accepted = environment ? acceptedCategory(environment, { channel, name: String(f.value!.name), language: String(f.value!.language) }) : undefined;
    // the channel's kind as the config says it: the module's sendTemplate holds the values to that platform's rules, as tplsync send does
    const channelKind = config.channels?.[channel]?.kind;
    const meta = templateMeta(fromFile(shownTemplate(f.file, f.value!, environment), channel, ''), channel, { ...(typeof f.value!.publicId === 'string' ? { publicId: f.value!.publicId } : {}), ...(accepted ? { acceptedCategory: accepted } : {}), ...(channelKind ? { channelKind } : {}) });
    const unfilled = unfilledReferences(f.value!, environment);
    return unfilled.length ? { ...meta, unfilled } : meta;
  });
  // the config's typesOut is the repository's to choose, within the repository: --out is the user's
  const away = o.out === undefined && !toStdout ? escapesProject(config.dir, out) : undefined;
  if (away) throw new UsageError(`typesOut in ${config.file ? path.relative(io().cwd(), config.file) || config.file : 'the config'} leads out of the project (to ${away}); tplsync writes its files inside it. Choose a path inside the project, or name one with --out`);
  // (a module written to a device or a pipe names the config as one at the config's typesOut would, as --out - does)
  const source = config.file ? path.relative(path.dirname(writtenInPlace(place) && !toStdout ? path.resolve(config.dir, config.typesOut) : out), config.file).split(path.sep).join('/') : 'the template files';
  const { generateTypes } = await import('../typegen/generate.js');
  const text = generateTypes(metas, { source, importFrom, ...(envName ? { environment: envName } : {}) });
  const rel = shownPath(out, config.dir);
  const count = `${metas.length} template${metas.length === 1 ? '' : 's'}`;
  if (toStdout) { io().stdout.write(text); return EXIT.OK; }
  // a checkout that turned its line endings into CRLF (core.autocrlf) holds the same module
  if (current !== undefined && current.replace(/\r\n/g, '\n') === text) { io().stdout.write(`${rel} is up to date (${count})\n`); return EXIT.OK; }
  if (o.check) {
    // named, and the update advised, as the reader finds and runs them (in a GitHub Actions job: from the repository's
    // root, `cd` to the project's folder first), with an annotation on the module there (as lint's findings)
    const run = projectRun(config);
    // --out as given, or from the folder the advice runs in when that is another (a relative path given here would miss)
    const outWord = o.out === undefined ? undefined : resolvePath(run.dir) === resolvePath(io().cwd()) || path.isAbsolute(o.out) ? o.out : path.relative(run.dir, out).split(path.sep).join('/');
    const fix = `${run.cd}${run.word} types${envName ? ` --env ${shellWord(envName)}` : ''}${importFrom !== DEFAULT_IMPORT ? ` --import-from ${shellWord(importFrom)}` : ''}${outWord !== undefined ? ` --out ${shellWord(outWord)}` : ''}${run.config}`;
    const state = current === undefined ? 'missing' : 'stale';
    // which templates changed, and whether the calls of sendTemplate must follow (their parameters) or compile as they
    // did (their texts, a category): the committed module read against the one made now, template by template (trial-bm F4)
    const changes = current !== undefined ? moduleChanges(current, text) : undefined;
    const detail = changes ? describeChanges(changes).map((l) => `\n  ${l}`).join('') : '';
    io().stdout.write(annotation(config, { level: 'error', ...(current !== undefined ? { file: out } : {}), title: 'tplsync types', message: `${readerPath(config, rel)} is ${state}; update it with: ${fix}${detail}` }));
    io().stderr.write(`${readerPath(config, rel)} is ${state}; update it with: ${fix}${visible(detail)}\n`);
    return EXIT.FINDINGS;
  }
  // the file's byte-order mark and line ends are its own (as the template writers keep them: files/line-ends.ts)
  await writeOutput(out, bom + (current !== undefined ? withLineEnd(text, lineEndsOf(current).main) : text), { place, shown });
  io().stdout.write(`wrote ${rel} (${count})\n`);
  return EXIT.OK;
}

/** the module at `out` as it is (undefined: none yet); a folder there is refused, and what is not a regular file is not read (/dev/full never ends, a pipe blocks) */
function currentModule(out: string, shown: string): string | undefined {
  let st;
  // what the path leads to (a link is followed here; writing refuses to replace a link)
  try { st = statSync(out); } catch (e) { if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined; throw e; }
  if (st.isDirectory()) throw new UsageError(`--out ${shown} is a folder: give the module's file, e.g. --out ${path.join(shown, 'tplsync-templates.ts')}`);
  // (a device or a pipe is written in place, and never read: outputPlace; anything else the writer says)
  if (!st.isFile()) return undefined;
  if (st.size > MAX_MODULE_BYTES) throw new UsageError(`--out ${shown}: ${st.size} bytes, more than a generated module (${MAX_MODULE_BYTES}); is it the module's file?`);
  return readFileSync(out, 'utf8');
}

/** larger than any module tplsync generates (a module of 20,000 templates is some 20 MB) */
const MAX_MODULE_BYTES = 256 * 1024 * 1024;
