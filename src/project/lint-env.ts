// Effects (reads the files it places findings in): `lint --env NAME`, each template checked as that
// environment's plain values make it, before plan does. Lint checks a file as written, a reference
// standing for a plausible value; a value can still break a rule once filled in (a footer past 60
// characters, a host without https://), which only `plan --env` said so far. Secret values are
// not read (lint needs no secret): each stands as `(secret)`, and a field that is one secret alone is left to plan.
import type { EnvironmentConfig } from '../config/load.js';
import { configSeverities } from '../config/overrides.js';
import type { Config } from '../config/load.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { FileEntry } from '../files/discover.js';
import { hasReferences, lintStandIn, mapStrings, MARK, SECRET_MASK } from '../model/values.js';

const MARKS = new RegExp(MARK.source, 'g');
import { markedTemplate } from './values.js';
import type { FileResult } from '../lint/engine.js';
import { errorsInEnvironment, findingsIn, warningsInEnvironment, type EnvironmentFinding } from '../lint/in-environment.js';
import { Documents, placeFindings, type ProjectFinding } from '../lint/place.js';

/** The findings the environment's values bring to the run's files, placed at the fields that hold the references. */
export function environmentDiagnostics(config: Config, env: EnvironmentConfig, files: readonly FileEntry[], results: readonly FileResult[], now: Date): Diagnostic[] {
  const severitiesOf = configSeverities(config);
  const found: (ProjectFinding & { severity: 'error' | 'warning' })[] = [];
  results.forEach((r, i) => {
    const value = r.value;
    if (!value || !hasReferences(value)) return;
    // a value the environment lacks is rule env-value-missing's finding already
    const marked = markedTemplate(value, env);
    if (!marked) return;
    // a secret stands as (secret): its variable is not read, and a message quotes no secret
    const t = mapStrings(marked, (s) => s.replace(MARKS, SECRET_MASK));
    const severities = severitiesOf(files[i]!.abs);
    // a field that is one secret and nothing else: nothing of it is this environment's plain values (plan judges it)
    const onlySecret = (path: readonly (string | number)[]): boolean => {
      let v: unknown = marked;
      for (const k of path) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined;
      return typeof v === 'string' && v.replace(MARKS, '').trim() === '' && MARK.test(v);
    };
    // what lint finds in the file as written (its references standing for plausible values) is said once, by lint
    const key = (f: EnvironmentFinding): string => `${f.ruleId}|${f.path.join('.')}`;
    const asWritten = lintStandIn(value);
    const own = new Set(findingsIn(asWritten, now, severities).map(key));
    const add = (list: EnvironmentFinding[], severity: 'error' | 'warning'): void => {
      for (const f of list) {
        if (onlySecret(f.path) || own.has(key(f))) continue;
        found.push({ file: r.file, abs: files[i]!.abs, ruleId: f.ruleId, path: f.path, message: `With the values of environment '${env.name}': ${f.message}`, severity });
      }
    };
    add(errorsInEnvironment(t, now, severities), 'error');
    add(warningsInEnvironment(t, value, now, severities), 'warning');
  });
  if (!found.length) return [];
  const placed = placeFindings(found, new Documents());
  return placed.map((p, i) => ({ ...p, severity: found[i]!.severity }));
}
