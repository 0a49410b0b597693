// Pure: the names of the repository variables and the secret that the workflows `tplsync init`
// writes read, for the project at the repository's root and for a project in a folder (a
// monorepo's team). The root's are TPLSYNC_ENV, TPLSYNC_API_KEY_ENV and TPLSYNC_<ENV>_API_KEY, as
// they always were. A folder's workflows read names of the folder's own first
// (TPLSYNC_ENV_<SUFFIX>, TPLSYNC_API_KEY_ENV_<SUFFIX>, TPLSYNC_<SUFFIX>_<ENV>_API_KEY): two teams of
// one repository on two accounts keep two keys, and one team's run is never handed the other's.
// Used where the workflows are written (src/init) and where tplsync, running in one, says which
// secret or variable to set (src/connection, src/config).

/**
 * A folder's path as one word of the workflows' file names and markers: accents dropped (Équipe:
 * equipe), letters of every script kept (客服: two folders of Chinese names are two names, where
 * ASCII alone made both `teams`), anything else a hyphen, in small letters.
 */
export function folderSlug(dir: string): string {
  return dir.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase();
}

/**
 * A folder's slug as the end of a GitHub variable's or secret's name ([A-Z0-9_]): `teams-sales-rcs`
 * is TEAMS_SALES_RCS. One-to-one, so that two folders of two slugs (init refuses two folders of one
 * slug: their workflow files would be one) never read one variable: a slug of ASCII letters, digits
 * and hyphens (which never has two hyphens in a row, nor one at either end) is written in capitals
 * with `_` for `-`, which never holds `__` nor starts with `_`; any other slug starts with `_`, and
 * each of its characters is a code of its own, none the start of another: a letter or digit of
 * ASCII in capitals (but `x`: XX), `-` as `_`, anything else X and its code point in 6 hex digits
 * (客: X005BA2).
 */
export function nameSuffix(slug: string): string {
  if (/^[a-z0-9-]+$/.test(slug)) return slug.toUpperCase().replace(/-/g, '_');
  return `_${[...slug].map((c) => (c === 'x' ? 'XX' : c === '-' ? '_' : /^[a-z0-9]$/.test(c) ? c.toUpperCase() : `X${c.codePointAt(0)!.toString(16).toUpperCase().padStart(6, '0')}`)).join('')}`;
}

export interface CiNames {
  /** the suffix of a folder's names (`TEAMS_SUPPORT`), undefined at the root */
  suffix?: string;
  /** the variables that choose the environment, the first that is set wins: [TPLSYNC_ENV_<SUFFIX>, TPLSYNC_ENV] or [TPLSYNC_ENV] */
  envVariables: string[];
  /** the variable that names the secret (and the variable tplsync reads the key from): TPLSYNC_API_KEY_ENV_<SUFFIX>, or TPLSYNC_API_KEY_ENV at the root */
  keyVariable: string;
  /** the secret the key of `env` is read from when keyVariable is not set and the config names no apiKeyEnv of its own */
  secret(env: string): string;
  /** the same, with `<ENV>` for the environment (for messages about every environment) */
  secretPattern: string;
}

/** The names the workflows of a project read: at the root (`suffix` undefined or empty), or in the folder of that suffix. */
export function ciNames(suffix?: string): CiNames {
  const mid = suffix ? `${suffix}_` : '';
  return {
    ...(suffix ? { suffix } : {}),
    envVariables: suffix ? [`TPLSYNC_ENV_${suffix}`, 'TPLSYNC_ENV'] : ['TPLSYNC_ENV'],
    keyVariable: suffix ? `TPLSYNC_API_KEY_ENV_${suffix}` : 'TPLSYNC_API_KEY_ENV',
    secret: (env) => `TPLSYNC_${mid}${env.toUpperCase()}_API_KEY`,
    secretPattern: `TPLSYNC_${mid}<ENV>_API_KEY`,
  };
}

/** The names the workflows of the project in folder `dir` (from the repository's root; '' or undefined: the root) read. */
export function ciNamesOf(dir: string | undefined): CiNames {
  return ciNames(dir ? nameSuffix(folderSlug(dir)) : undefined);
}

/**
 * The names the workflow tplsync runs in reads, from the variables the tplsync action sets: a
 * folder's when its `name-suffix` input (TPLSYNC_NAME_SUFFIX) holds one, else the root's (also in the
 * workflows init wrote before folders had names of their own, which read the root's).
 */
export function ciNamesFromEnv(env: Readonly<Record<string, string | undefined>>): CiNames {
  const suffix = env.TPLSYNC_NAME_SUFFIX;
  return ciNames(suffix && /^[A-Z0-9_]+$/.test(suffix) ? suffix : undefined);
}
