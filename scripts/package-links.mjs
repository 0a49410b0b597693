// The relative links of the Markdown files a package ships that lead to no file it ships. The
// installed package holds README.md and docs/; a link of theirs to a file left out of `files`
// (CONTRIBUTING.md, action.yml, the sample templates) was dead in node_modules/tplsync (trial-x F12),
// although every link resolves in the repository (test/docs.test.ts). Used by
// scripts/check-package.mjs on the packed tarball and by test/package-links.test.ts.
import path from 'node:path';

/**
 * `files`: the packed paths (POSIX, from the package's root); `read(file)`: a packed file's text.
 * Returns one line per dead link: `FILE: HREF (what is missing)`.
 */
export function deadPackageLinks(files, read) {
  const shipped = new Set(files);
  const folders = new Set();
  for (const f of shipped) for (let d = path.posix.dirname(f); d !== '.'; d = path.posix.dirname(d)) folders.add(d);
  const dead = [];
  for (const file of [...shipped].filter((f) => f.endsWith('.md')).sort()) {
    // links in code are examples, not links
    const text = read(file).replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const href = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) continue;
      const target = decodeURIComponent(href.split('#')[0]);
      const at = path.posix.normalize(path.posix.join(path.posix.dirname(file), target)).replace(/\/$/, '');
      if (at === '..' || at.startsWith('../')) dead.push(`${file}: ${href} (outside the package)`);
      else if (!shipped.has(at) && !folders.has(at)) dead.push(`${file}: ${href} (${at} is not in the package)`);
    }
  }
  return dead;
}
