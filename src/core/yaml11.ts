// Pure: the strings YAML 1.1 readers take for other types. tplsync reads YAML 1.2, where `10:30`,
// `yes` and `off` are strings; PyYAML, Go's yaml.v2 and older Ruby read them as 630, true and
// false. A file tplsync writes (pull, import) quotes them, so that any tool reads its text.
import { visit, type Document } from 'yaml';

/**
 * A plain scalar that YAML 1.1 readers (PyYAML, Go's yaml.v2, older Ruby) take for something other
 * than a string: a time of day as base-60 (`10:30` is 630), yes/no/on/off/y/n as booleans, `0b101`,
 * `0o17`, `1_000`, a date or a timestamp (`2026-03-01`), the merge key `<<`. tplsync reads YAML 1.2, where they are strings; a file it writes quotes them, so that any
 * tool reads the text it holds.
 */
export const YAML11_OTHER = /^(?:[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|[-+]?0b[01_]+|[-+]?0o?[0-7_]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|=|<<|[-+]?(?=[0-9_.]*_)[0-9][0-9_]*(?:\.[0-9_]*)?|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?)$/;

/** In a `yaml` Document about to be written: every string a YAML 1.1 reader takes for another type quoted, as the direct writer quotes it (double quotes; single when the text holds a double one). */
export function quoteYaml11Strings(doc: Document): void {
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && YAML11_OTHER.test(node.value)) node.type = node.value.includes('"') ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE';
    },
  });
}
