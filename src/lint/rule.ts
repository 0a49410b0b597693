// A rule is data (id, default severity, docs) plus, for per-file rules, one pure function
// of the parsed template. Rules without `check` are reported by another stage (loading,
// schema, directives, cross-file) and are listed here so that every id has docs and a severity.
import type { Path } from '../files/locate.js';
import type { ScanResult } from '../model/placeholders.js';
import type { PlaceholderSite } from '../model/sites.js';
import type { SeveritySetting } from '../core/diagnostic.js';

export type RuleGroup = 'file' | 'schema' | 'whatsapp' | 'rcs' | 'cross-file' | 'directive';

export interface RuleMeta {
  id: string;
  group: RuleGroup;
  severity: SeveritySetting;
  /** one line: what the rule checks */
  summary: string;
  /** why the platform (or tplsync) cares */
  why: string;
  /** how to fix a finding */
  fix: string;
  /** where the rule comes from */
  source?: string;
}

export interface ReportOptions {
  /** point at the key of a mapping entry instead of its value */
  part?: 'key';
  /** point at this text inside the string value (a placeholder, say) */
  needle?: string;
  occurrence?: number;
}

export interface RuleContext {
  /** the template as a plain value; rules must not trust its types (the schema may have failed) */
  t: Loose;
  now: Date;
  /** memoised placeholder scan of the string at `path` (an empty scan when it is not a string) */
  scan(path: Path): ScanResult;
  /** memoised placeholderSites() of the template */
  sites(): PlaceholderSite[];
  report(path: Path, message: string, opts?: ReportOptions): void;
}

export interface Rule extends RuleMeta {
  check?(ctx: RuleContext): void;
}

export { arr, obj, sample, str, type Loose } from '../model/loose.js';
import type { Loose } from '../model/loose.js';

export function defineRules(rules: Rule[]): Rule[] { return rules; }
