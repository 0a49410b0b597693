// Pure: every text of a template that may hold placeholders, with its role. Lint, the
// placeholder compiler and typegen all walk templates through this one list.
import type { Path } from '../files/locate.js';
import { arr as a, obj as o, type Loose as V } from './loose.js';

export type SiteRole = 'header' | 'body' | 'url' | 'rcs';

export interface PlaceholderSite {
  path: Path;
  text: string;
  role: SiteRole;
  /** the path of the examples map that holds this site's samples */
  examplesPath: Path;
  /** for role "url": the index of the button */
  button?: number;
}


export function placeholderSites(t: V): PlaceholderSite[] {
  const sites: PlaceholderSite[] = [];
  const header = o(t.header);
  if (header && typeof header.text === 'string') {
    sites.push({ path: ['header', 'text'], text: header.text, role: 'header', examplesPath: ['header', 'examples'] });
  }
  const body = o(t.body);
  if (body && typeof body.text === 'string') {
    sites.push({ path: ['body', 'text'], text: body.text, role: 'body', examplesPath: ['body', 'examples'] });
  }
  a(t.buttons).forEach((b, i) => {
    const btn = o(b);
    if (btn && btn.type === 'URL' && typeof btn.url === 'string') {
      sites.push({ path: ['buttons', i, 'url'], text: btn.url, role: 'url', examplesPath: ['buttons', i, 'example'], button: i });
    }
  });
  const msg = o(t.message);
  if (msg) {
    const ex: Path = ['message', 'examples'];
    if (typeof msg.message === 'string') sites.push({ path: ['message', 'message'], text: msg.message, role: 'rcs', examplesPath: ex });
    a(msg.richCards).forEach((c, i) => {
      const card = o(c);
      for (const k of ['title', 'description'] as const) {
        if (card && typeof card[k] === 'string') {
          sites.push({ path: ['message', 'richCards', i, k], text: card[k] as string, role: 'rcs', examplesPath: ex });
        }
      }
    });
    const fallback = o(msg.fallback);
    if (fallback && typeof fallback.text === 'string') sites.push({ path: ['message', 'fallback', 'text'], text: fallback.text, role: 'rcs', examplesPath: ex });
  }
  return sites;
}
