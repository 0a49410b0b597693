// The rules of loading a file: each owns the problems of one kind the loading stage found
// (src/files/problems.ts: a file too large, unreadable, not UTF-8, not YAML...) and reports them
// through its loading hook, where and as the stage found them.
import { claiming, defineRules } from '../rule.js';

export const loadingRules = defineRules([
  { id: 'file-too-large', group: 'file', severity: 'error', summary: 'A template file is at most 1 MiB.',
    why: 'A template is a few kilobytes; a larger file is a mistake (or an attempt to exhaust the linter) and is not parsed.',
    fix: 'Keep one template per file and remove anything that is not part of it.',
    checkLoading: claiming('too-large') },
  { id: 'file-unreadable', group: 'file', severity: 'error', summary: 'The file can be read.',
    why: 'A file that matched the globs but cannot be read (permissions, a broken link) would be silently skipped.',
    fix: 'Fix the file\'s permissions, or remove it.',
    checkLoading: claiming('unreadable') },
  { id: 'file-outside-project', group: 'file', severity: 'error', summary: 'A template file lies inside the project: under the config\'s folder, or a folder its templates globs start from (`../shared/**/*.yaml`), or a path named on the command line.',
    why: 'A symbolic link can lead a template path anywhere: to /proc/self/environ (the environment, API keys included), to a device, or to another project\'s file. Reading it could print secrets; fmt would replace the link with a copy ready to be committed.',
    fix: 'For a folder linked into the project (`templates/shared -> ../../shared`), add a glob that starts from the link (`templates/shared/**/*.yaml`): a link in a glob\'s fixed part makes the folder it leads to part of the project. For a file that is a link, add the folder it lies in to the config\'s templates globs when that folder is in the git repository the config is in (or the config is in none): a glob that starts outside the repository makes the config refused (exit 3), so a file there is copied in. Or copy the template into the project, or name the file on the command line when you mean to check it. A file reached by two paths (the link and its own folder) is one file, taken once at its own path.',
    checkLoading: claiming('outside-project') },
  { id: 'encoding', group: 'file', severity: 'error', summary: 'Template files are UTF-8.',
    why: 'The API takes JSON, which is Unicode; a byte that is not UTF-8 would be sent as a replacement character.',
    fix: 'Save the file as UTF-8 (most editors: "Save with encoding").',
    checkLoading: claiming('not-utf8') },
  { id: 'yaml-syntax', group: 'file', severity: 'error', summary: 'The file is valid plain YAML (no tags such as `!!omap`, `!!binary` or `!foo`), and nests lists and mappings at most 64 levels deep.',
    why: 'Nothing else can be checked until the file parses. A tag makes a value something other than a mapping, list, text, number or true/false, which templates are (`!!omap` a list, `!!binary` bytes), or, unknown, a text in silence: the finding names the tag at its place, rather than a schema finding about what the tag made of the value. A file nested deeper (thousands of brackets) would exhaust the stack of every reader; the bound is checked before parsing, and the finding stands at the bracket or line that opens the 65th level, the same in every command.', fix: 'Correct the YAML at the position shown.',
    checkLoading: claiming('syntax') },
  { id: 'yaml-duplicate-key', group: 'file', severity: 'error', summary: 'A key appears at most once in a mapping, however it is written (`1` and `"1"`, `name` and `"name"` are one key).',
    why: 'YAML parsers disagree on which duplicate wins, so what you read is not what gets sent. A key written once as a number and once as a string is two keys to YAML but one to a template (`examples: { 1: Ana, "1": Bob }` both sample `{{1}}`), and the last one was sent.',
    fix: 'Remove or merge one of the two entries.',
    checkLoading: claiming('duplicate-key') },
  { id: 'yaml-alias-limit', group: 'file', severity: 'error', summary: 'Aliases expand to at most 100 nodes, and none is inside the value it names.',
    why: 'Nested aliases ("billion laughs") can expand a small file into gigabytes of data; an alias inside the node it names (`body: &b { self: *b }`) makes a value that contains itself without end.',
    fix: 'Write the values out instead of nesting aliases.',
    checkLoading: claiming('alias-limit') },
  { id: 'single-document', group: 'file', severity: 'error', summary: 'A file holds exactly one YAML document.',
    why: 'One file holds one template (docs/format.md); a second document would be silently ignored.',
    fix: 'Move each template (after a `---`) into its own file.',
    checkLoading: claiming('documents') },
]);
