// `tplsync promote --from ENV --to ENV [PATH...]`: plan the target environment for the templates
// the source environment has APPROVED as the files have them; the rest are held, each with why.
import { shellWord } from '../core/shell-word.js';
import { UsageError } from '../core/errors.js';
import { HOW_TO_CREATE, noConfigFound, type EnvironmentConfig } from '../config/load.js';
import { excludedBy } from '../project/environment-templates.js';
import { EXIT } from '../core/exit-codes.js';
import { interruptSignal } from '../core/interrupt.js';
import { toolVersion } from '../core/version.js';
import { hasChanges } from '../plan/plan.js';
import { renderJson, renderMarkdown, renderText } from '../plan/render.js';
import { LintFailed } from '../plan/run.js';
import { toSaved } from '../plan/saved.js';
import { runPromote } from '../promote/promote.js';
import { emit, useColor, dashAsStdout, refuseSavedPlanDash, savedInPlace } from '../terminal/output.js';
import { outputPlace, writeOutput } from '../files/output-file.js';
import { progress } from '../terminal/progress.js';
import { applyAdvice, commandConfig, savedBase, withConnection } from './context.js';
import { projectFiles, refuseProtectedOutput } from '../files/output-target.js';
import { parseParallelism, reportLintFailure, sayLeftOut, sayValueWarnings } from './report.js';
import { io } from '../core/io.js';
import { commentProject } from './reader-place.js';
import { didYouMean } from '../core/suggest.js';

/** the source's templates that are not the target's (their channel alias only the source defines), named: not counted as promoted */
function notIn(keys: readonly string[], from: string, to: EnvironmentConfig): string {
  // those the target's `exclude` names (retired there), apart from those on an alias it does not define
  const excluded = keys.filter((k) => { const [channel, name, language] = k.split('/'); return excludedBy(to, { channel: channel!, name: name!, language: language! }) !== undefined; });
  const other = keys.filter((k) => !excluded.includes(k));
  const listed = (ks: readonly string[]) => (ks.length > 3 ? `${ks.slice(0, 3).join(', ')}, ...` : ks.join(', '));
  const said = (ks: readonly string[], why: string) => `; ${ks.length} ${ks.length === 1 ? 'template' : 'templates'} of ${from} ${ks.length === 1 ? 'is' : 'are'} not ${to.name}'s (${listed(ks)}: ${why})`;
  return `${other.length ? said(other, `${other.length === 1 ? 'its channel alias is' : 'their channel aliases are'} not one of ${to.name}'s channels`) : ''}${excluded.length ? said(excluded, `environments.${to.name}.exclude names ${excluded.length === 1 ? 'it' : 'them'}`) : ''}`;
}

export interface PromoteCommandOptions {
  config?: string; from: string; to: string; out?: string; format: string; output?: string;
  detailedExitcode?: boolean; parallelism: string; allowInsecureHttp?: boolean; marker?: string;
}

export async function promoteCommand(paths: string[], o: PromoteCommandOptions): Promise<number> {
  o = dashAsStdout(o, 'output');
  refuseSavedPlanDash(o.out);
  if (!['text', 'json', 'markdown'].includes(o.format)) throw new UsageError(`Unknown format '${o.format}'; choose text, json or markdown`);
  if (o.from === o.to) throw new UsageError(`--from and --to are both '${o.from}'; a promotion goes from one environment to another`);
  const parallelism = parseParallelism(o.parallelism);
  const config = await commandConfig(o);
  refuseProtectedOutput('--output', o.output, projectFiles(config));
  refuseProtectedOutput('--out', o.out, projectFiles(config), { kind: 'plan' });
  // no config at all: said as every command says it, not as an environment missing from a config that is not there
  if (!config.file && Object.keys(config.environments).length === 0) throw new UsageError(`${noConfigFound(config.dir)}\n${HOW_TO_CREATE}`);
  for (const [flag, name] of [['--from', o.from], ['--to', o.to]] as const) {
    if (!config.environments[name]) throw new UsageError(`${flag} ${name}: no such environment in the config${didYouMean(name, Object.keys(config.environments))} (${Object.keys(config.environments).join(', ') || 'none'})`);
  }
  return withConnection(config, { ...o, env: o.from, parallelism }, (source) => withConnection(config, { ...o, env: o.to, parallelism }, async (target) => {
    let result;
    try {
      result = await runPromote(config, source, target, { paths, cwd: io().cwd(), progress, signal: interruptSignal(), onValueWarnings: sayValueWarnings(target.environment.name), onLeftOut: (env, file, why) => sayLeftOut(env)(file, why) });
    } catch (e) {
      if (e instanceof LintFailed) return reportLintFailure(e, config, 'nothing was planned');
      throw e;
    }
    const { plan } = result;
    const env = target.environment.name;
    const held = (plan.held ?? []).filter((h) => h.kind === 'source').length;
    const lead = `Promotion from ${o.from} to ${env}: ${result.source.templates.length} template${result.source.templates.length === 1 ? '' : 's'} approved in ${o.from} as the files have ${result.source.templates.length === 1 ? 'it' : 'them'}${held ? `, ${held} held` : ''}${notIn(result.notInTarget, o.from, target.environment)}.`;
    const text = o.format === 'json' ? renderJson(plan, { environment: env, target: target.target, source: { environment: result.source.environment, target: result.source.target } })
      : o.format === 'markdown' ? renderMarkdown(plan, { environment: env, marker: o.marker ?? `tplsync-promote:${o.from}:${env}`, promotion: { from: o.from, lead }, project: commentProject(config) })
        : `${lead}\n${renderText(plan, { color: !o.output && useColor(io().stdout), environment: env })}`;
    await emit(text, o.output);
    if (o.out) {
      // masked by toSaved, every string and key (its identifiers never as a secret value): written as it is, not masked again
      const place = outputPlace(o.out, `--out ${o.out}`);
      await writeOutput(o.out, `${JSON.stringify(toSaved(plan, { environment: env, target: target.target, toolVersion: toolVersion(), now: new Date(), source: result.source, base: savedBase(config) }), null, 2)}\n`, { verbatim: true, place });
      io().stderr.write(place === 'file' ? `Saved the promotion to ${o.out}; apply it with: ${applyAdvice()}${shellWord(o.out)} (refused if ${o.from} or ${env} moved)\n` : savedInPlace('promotion', o.out, place));
    }
    return o.detailedExitcode && hasChanges(plan) ? EXIT.CHANGES : EXIT.OK;
  }));
}
