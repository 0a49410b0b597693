// Pure: the completion items of `tplsync lsp`, ranked for the file at hand. Seen in VS Code: the
// languages came alphabetically (typing `en_U` offered en_UG first in welcome.en_US.yaml), and a
// placeholder name completed after `{{` doubled the braces the editor had already closed
// (`{{1}}}}`).
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver/node.js';

/** The languages a file's path names: a dot-separated part of the file name (welcome.en_US.yaml) or its folder (en_US/welcome.yaml). */
export function languagesInPath(file: string, known: ReadonlySet<string>): string[] {
  const parts = file.split(/[\\/]/);
  const base = parts.pop() ?? '';
  const dir = parts.pop();
  const found = base.split('.').slice(0, -1).filter((p) => known.has(p));
  if (dir !== undefined && known.has(dir)) found.push(dir);
  return [...new Set(found)];
}

/**
 * The language codes: first the language the file's path names (preselected), then the config's
 * languages (`channels.<alias>.languages`), then every other code, each group alphabetical.
 */
export function languageItems(file: string, configured: Iterable<string>, known: ReadonlySet<string>): CompletionItem[] {
  const fromPath = new Set(languagesInPath(file, known));
  const fromConfig = new Set([...configured].filter((l) => known.has(l)));
  return [...known].sort().map((l) => {
    const rank = fromPath.has(l) ? 0 : fromConfig.has(l) ? 1 : 2;
    return {
      label: l, kind: CompletionItemKind.Value, sortText: `${rank}${l}`,
      ...(rank === 0 ? { preselect: true, detail: 'the language of the file name' } : rank === 1 ? { detail: 'a language of the config' } : {}),
    };
  });
}

/**
 * The placeholder names of the template's samples after `{{`, each closed with the braces the
 * text after the cursor lacks (editors that auto-close `{` have already written `}}`).
 */
export function placeholderItems(samples: ReadonlyMap<string, unknown>, after: string): CompletionItem[] {
  const close = after.startsWith('}}') ? '' : after.startsWith('}') ? '}' : '}}';
  return [...samples].map(([name, sample]) => ({
    label: name, kind: CompletionItemKind.Variable, insertText: `${name}${close}`,
    detail: sample === undefined ? 'placeholder of this template' : `sample: ${typeof sample === 'string' ? sample : JSON.stringify(sample)}`,
  }));
}
