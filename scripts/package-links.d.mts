/** The relative links of the packed Markdown files that lead to no packed file: `FILE: HREF (what is missing)` (scripts/package-links.mjs). */
export function deadPackageLinks(files: Iterable<string>, read: (file: string) => string): string[];
