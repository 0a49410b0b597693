// Pure: the three GitHub workflows of a tplsync project (pull request, apply on merge, drift
// check), each a `uses:` of the tplsync action plus inputs. `tplsync init` writes them into a
// team's repository; this repository's own .github/workflows/tplsync-*.yml are the same text
// with the action taken from the checkout (test/workflows.test.ts keeps them equal).
import { DEFAULT_TEMPLATE_GLOBS, DEFAULT_TYPES_OUT } from '../config/load.js';
import { watchedPaths, type WatchedPaths } from './watch-paths.js';
import { ciNamesOf, folderSlug, type CiNames } from '../core/ci-names.js';

export { folderSlug } from '../core/ci-names.js';

export interface WorkflowOptions {
  /** the `uses:` of the action: `tplsync/tplsync@v0.1.0` for a team, `./` in tplsync's own repository */
  uses: string;
  /** extra `with:` lines of every use of the action (e.g. `from: action` in tplsync's own repository) */
  extraWith?: Record<string, string>;
  /** the environment variable that holds the API key of the default CI environment */
  apiKeyEnv: string;
  /** the environment of the config that CI plans and applies (overridable with the TPLSYNC_ENV variable) */
  environment: string;
  /** check that the generated types are current (for a repository that commits them) */
  typesCheck?: boolean;
  /**
   * The project's folder from the repository's root (`teams/support`), when it is not the root: each
   * use of the action runs there, the path filters, the files the steps read and the artifacts are
   * that folder's, and the workflows' names, concurrency groups, comment markers and file names carry
   * it, so that two teams of one repository keep their own runs and comments.
   */
  dir?: string;
  /**
   * What runs the workflows (repository-relative path filters): the templates' folders, the config
   * file and the types module of the project's config (`watchedPaths`). Default: those of the config
   * init writes (templates/**, tplsync.config.*, tplsync-templates.ts), in `dir`.
   */
  paths?: WatchedPaths;
  /** the branch whose pushes the apply workflow applies (default main) */
  branch?: string;
  /**
   * Upload the lint findings to GitHub code scanning (SARIF, github/codeql-action/upload-sarif), with
   * the permission that needs (security-events: write). Off by default: on a private repository
   * without GitHub Advanced Security the upload fails, and the check with it. The annotations
   * (`lint --format github`, workflow commands) come either way, on every repository.
   */
  codeScanning?: boolean;
  /**
   * The repository-relative package.json whose `engines.node` (or `devEngines.runtime`) sets the Node.js
   * version the action runs tplsync on (setup-node's node-version-file); without it the action's
   * default, a current LTS (ACTION_NODE_VERSION).
   */
  nodeVersionFile?: string;
  /**
   * The environment variables the config's secret values are read from (`values: { promo_code: { env: PROD_PROMO_CODE } }`,
   * of every environment): each step that plans or applies is given each, from the repository's secret of the same name
   * (`env:`), as docs/environment.md says a workflow must; without them such a step stops with exit 3. None: no lines.
   */
  secretValues?: readonly string[];
}

/**
 * The major versions of the actions the workflows use, each checked against its releases when
 * updated (all run on Node 24). test/workflows.test.ts pins them: change them here, in action.yml
 * (setup-node) and in ci.yml together.
 */
export const ACTIONS = {
  checkout: 'actions/checkout@v7',
  uploadArtifact: 'actions/upload-artifact@v7',
  uploadSarif: 'github/codeql-action/upload-sarif@v4',
  setupNode: 'actions/setup-node@v7',
} as const;

/** The Node.js version the action runs tplsync on when the project's package.json names none (action.yml's node-version default): an LTS line */
export const ACTION_NODE_VERSION = '24';

/**
 * How the apply workflow waits for reviews (apply --wait: an edit of a template in review is written once the review ends),
 * and so how the pull request's plan plans (plan --wait): its check fails (exit 5) only for what the apply job would skip,
 * not for an edit of a template in someone else's review, which no one on the branch can change (trial-bk F5)
 */
const APPLY_WAIT = { apply: '--wait --wait-timeout 900', plan: '--wait --wait-timeout 900' } as const;

/** a branch name as an entry of `branches: [...]`: bare when plain, else quoted with GitHub's filter characters escaped */
function branchFilter(branch: string): string {
  return /^[A-Za-z0-9._/-]+$/.test(branch) ? branch : JSON.stringify(branch.replace(/[*?+![\]]/g, '\\$&'));
}

/** `- uses: ...` with its inputs, indented for a step list at `indent` spaces */
function action(o: WorkflowOptions, indent: number, name: string, inputs: Record<string, string>, extra: string[] = []): string {
  const pad = ' '.repeat(indent);
  const withLines = Object.entries({ ...inputs, ...o.extraWith, ...(o.dir ? { 'working-directory': o.dir } : {}), ...(o.nodeVersionFile ? { 'node-version-file': o.nodeVersionFile } : {}) }).map(([k, v]) => `${pad}    ${k}: ${v}`);
  return [`${pad}- name: ${name}`, ...extra.map((l) => `${pad}  ${l}`), `${pad}  uses: ${o.uses}`, `${pad}  with:`, ...withLines].join('\n');
}

export function workflowFiles(o: WorkflowOptions): Record<string, string> {
  // the names of the variables and the secret it reads: the root's, or the folder's own first (src/core/ci-names.ts)
  const names = ciNamesOf(o.dir);
  const env = `\${{ ${[...names.envVariables.map((v) => `vars.${v}`), `'${o.environment}'`].join(' || ')} }}`;
  // a project in a folder of the repository: its paths, and names of its own
  const at = (file: string): string => (o.dir ? `${o.dir}/${file}` : file);
  const slug = o.dir ? folderSlug(o.dir) : '';
  const suffix = slug ? `-${slug}` : '';
  const titled = o.dir ? ` (${o.dir})` : '';
  // (the slug, not the folder: the action splits its args at spaces)
  const marker = (kind: string): string => `tplsync-${kind}${slug ? `:${slug}` : ''}:\${{ env.TPLSYNC_ENV }}`;
  /** a path of the folder in a `run:` line, quoted for the shell (a folder's name may hold a space) */
  const sh = (file: string): string => (o.dir ? `"${at(file)}"` : file);
  // The key of the environment the workflow runs against: the secret TPLSYNC_<ENV>_API_KEY (a folder's:
  // TPLSYNC_<SUFFIX>_<ENV>_API_KEY), or the one the variable TPLSYNC_API_KEY_ENV (a folder's:
  // TPLSYNC_API_KEY_ENV_<SUFFIX>) names, handed to tplsync alone under the name of the config's apiKeyEnv.
  // A config whose default environment names its key otherwise (apiKeyEnv) gets that name as the default.
  // A folder's workflows never fall back to the repository's variable or secret: those are the root
  // project's (or another team's), and a team that forgot its own secret would run with that key.
  const derived = `TPLSYNC_${o.environment.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}_API_KEY`;
  const ownKey = o.apiKeyEnv !== derived;
  const secretName = ownKey ? `'${o.apiKeyEnv}'` : `format('${names.secretPattern.replace('<ENV>', '{0}')}', env.TPLSYNC_ENV)`;
  const key: Record<string, string> = {
    'api-key': `\${{ secrets[vars.${names.keyVariable} || ${secretName}] }}`,
    'api-key-env': ownKey ? `\${{ vars.${names.keyVariable} || '${o.apiKeyEnv}' }}` : `\${{ vars.${names.keyVariable} }}`,
    // (the folder's names, for tplsync's word on a missing key or environment)
    ...(names.suffix ? { 'name-suffix': names.suffix } : {}),
  };
  // the secret values' variables, from the repository's secrets of the same names, on each step that plans or applies (a
  // variable an environment does not read is an empty one, which tplsync never reads: only the TPLSYNC_ENV's are)
  const values = [...new Set(o.secretValues ?? [])].sort();
  const valueEnv = values.length ? ['# the secret values of the config (environments.<env>.values: { env: VAR }), each from the secret of its name', 'env:', ...values.map((v) => `  ${v}: \${{ secrets.${v} }}`)] : [];
  const readsNames = o.dir ? folderNamesComment(o.dir, names, o.environment, ownKey ? o.apiKeyEnv : undefined) : '';
  const watched = o.paths ?? watchedPaths({ configDir: o.dir ?? '', templates: DEFAULT_TEMPLATE_GLOBS, configFile: at('tplsync.config.yaml'), ...(o.typesCheck ? { typesOut: DEFAULT_TYPES_OUT } : {}) });
  const filters = (list: readonly string[]): string => list.map((p) => `      - ${JSON.stringify(p)}`).join('\n');
  // Code scanning only when asked for (init --code-scanning): on a private repository without GitHub
  // Advanced Security the upload fails, and the check with it; the annotations work on every repository
  const scanning = o.codeScanning
    ? `
    permissions:
      contents: read
      # code scanning: upload-sarif writes the results, and reads the workflow run (on a private repository)
      security-events: write
      actions: read`
    : '';
  const sarifSteps = o.codeScanning
    ? `
${action(o, 6, 'Lint (SARIF for code scanning)', { command: 'lint', args: '--format sarif --output tplsync.sarif' }, ['if: always()'])}
      - name: Upload to code scanning
        # forks get a read-only token: they keep the annotations. On a private repository this step needs
        # GitHub Advanced Security (Code Security); without it, remove the two SARIF steps and security-events
        if: always() && github.event.pull_request.head.repo.full_name == github.repository
        uses: ${ACTIONS.uploadSarif}
        with:
          sarif_file: ${at('tplsync.sarif')}
          category: tplsync${suffix}`
    : '';
  const node = o.nodeVersionFile
    ? `the Node.js that engines.node of ${o.nodeVersionFile} asks for (each step's node-version-file)`
    : `Node.js ${ACTION_NODE_VERSION}, an LTS (the action's default; node-version-file: package.json\n# on each step of the action takes the engines.node of the project instead)`;
  // (its own file alone: another team's workflow changed is no reason to check this one's templates)
  const prFile = `.github/workflows/tplsync-pull-request${suffix}.yml`;
  const pullRequest = `# tplsync on pull requests: lint as annotations on the changed lines${o.codeScanning ? ' and in code scanning' : ''},
# formatting and generated types checked, and the plan posted as one comment that is updated in place.
${o.dir ? `# Copy it into your repository.\n${readsNames}` : '# Copy it into your repository; set the secret TPLSYNC_<ENV>_API_KEY of your environment (README: CI recipe).\n'}# tplsync runs on ${node}.
name: tplsync pull request${titled}
on:
  pull_request:
    paths:
${filters([...watched.templates, ...watched.config, ...(o.typesCheck && watched.types ? [watched.types] : []), prFile])}
permissions:
  contents: read
concurrency:
  group: tplsync-pr${suffix}-\${{ github.event.pull_request.number }}
  cancel-in-progress: true
jobs:
  lint:
    runs-on: ubuntu-latest${scanning}
    steps:
      - uses: ${ACTIONS.checkout}
${action(o, 6, 'Lint (annotations on the changed lines, job summary)', { command: 'lint', args: '--format github' })}${sarifSteps}
${action(o, 6, 'Canonical layout', { command: 'fmt', args: '--check' }, ['if: always()'])}
${o.typesCheck ? `${action(o, 6, 'Generated types are current', { command: 'types', args: '--check' }, ['if: always()'])}\n` : ''}
  plan:
    # pull requests from forks get no secrets: they get lint, not a plan
    if: github.event.pull_request.head.repo.full_name == github.repository
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pull-requests: write
    env:
      TPLSYNC_ENV: ${env}
    steps:
      - uses: ${ACTIONS.checkout}
        with:
          fetch-depth: 0
${action(o, 6, 'Before/after preview of the changes', { command: 'preview', environment: '${{ env.TPLSYNC_ENV }}', args: '--changes --base origin/${{ github.base_ref }} --out tplsync-changes', ...key }, valueEnv)}
      - name: Upload the preview
        id: changes
        uses: ${ACTIONS.uploadArtifact}
        with:
          name: tplsync-changes${suffix}
          path: ${at('tplsync-changes/')}
          retention-days: 14
${action(o, 6, 'Plan', { command: 'plan', environment: '${{ env.TPLSYNC_ENV }}', args: `--base origin/\${{ github.base_ref }} ${APPLY_WAIT.plan} --format markdown --marker ${marker('plan')} \${{ steps.changes.outputs.artifact-url && format('--preview-url {0}', steps.changes.outputs.artifact-url) || '' }} --output plan.md`, ...key }, [
    '# exit 5: apply would skip an update (the category of an approved template changed, a DISABLED one, ...):',
    '# the check fails before the merge, and the comment says which and what to do; the steps below run whatever it exits.',
    '# --wait: planned as the apply job runs (apply --wait), an edit of a template in review is written once the review ends: no exit 5',
    'id: plan', 'if: ${{ !cancelled() }}', ...valueEnv])}
      - name: No plan, said in the comment
        # the plan failed before writing plan.md (lint errors, a missing secret, the API unreachable): the comment
        # says so, rather than keep showing the plan of an earlier push
        if: \${{ !cancelled() }}
        run: |
          if [ ! -f ${sh('plan.md')} ]; then
            case "$CODE" in
              1) why="lint errors in the templates (the lint job names each on its line)" ;;
              3) why="a usage or configuration error (the environment, the secret of its API key, or of a secret value the templates read: the job log names it)" ;;
              6) why="the API key was refused" ;;
              7) why="the API could not be reached" ;;
              "") why="a step before it failed" ;;
              *) why="exit $CODE" ;;
            esac
            printf '## tplsync plan: %s\\n\\n❌ **plan failed: %s.** See the job log: %s\\n\\nNothing was planned for this push; the plan of an earlier push no longer holds.\\n' "$TPLSYNC_ENV" "$why" "$RUN_URL" > ${sh('plan.md')}
          fi
        env:
          CODE: \${{ steps.plan.outputs.exit-code }}
          RUN_URL: \${{ github.server_url }}/\${{ github.repository }}/actions/runs/\${{ github.run_id }}
      - name: Job summary
        if: \${{ !cancelled() }}
        run: cat ${sh('plan.md')} >> "$GITHUB_STEP_SUMMARY"
${action(o, 6, 'Comment the plan (edits its earlier comment)', { command: 'comment', args: `--body-file plan.md --marker ${marker('plan')}` }, ['if: ${{ !cancelled() }}', 'env:', '  GITHUB_TOKEN: ${{ github.token }}'])}
`;

  // the branch in comments and the drift issue's title (a shell string): its name when plain, else said without it
  const branch = o.branch ?? 'main';
  const branchWord = /^[A-Za-z0-9._/-]+$/.test(branch) ? branch : 'the default branch';
  const apply = `# tplsync on merge: make the channels match ${branchWord}. One apply per environment at a time; the
# per-template results are kept as an artifact. A failed run is safe to re-run.
${readsNames}name: tplsync apply${titled}
on:
  push:
    branches: [${branchFilter(branch)}]
    paths:
${filters([...watched.templates, ...watched.config])}
  workflow_dispatch:
permissions:
  contents: read
concurrency:
  group: tplsync-apply${suffix}-${env}
  cancel-in-progress: false
jobs:
  apply:
    runs-on: ubuntu-latest
    # apply waits for the creation quota's windows: a large first apply takes hours (tplsync plan says how many).
    # GitHub-hosted runners stop a job at 360 minutes; past that, a self-hosted runner (up to 4320) or apply --no-wait-for-quota on a schedule
    timeout-minutes: 360
    environment: ${env}
    env:
      TPLSYNC_ENV: ${env}
    steps:
      - uses: ${ACTIONS.checkout}
        with:
          fetch-depth: 0 # --base needs the commit before the push
      - name: The files before the push
        # --base: so that a category change (which the API does not return) is carried too
        id: base
        run: |
          if [ -n "$BEFORE" ] && [ "$BEFORE" != "0000000000000000000000000000000000000000" ] && git cat-file -e "$BEFORE^{commit}" 2>/dev/null; then
            echo "args=--base $BEFORE" >> "$GITHUB_OUTPUT"
          fi
        env:
          BEFORE: \${{ github.event.before }}
${action(o, 6, 'Apply', { command: 'apply', environment: '${{ env.TPLSYNC_ENV }}', args: `--auto-approve --results tplsync-results.json ${APPLY_WAIT.apply} \${{ steps.base.outputs.args }}`, ...key }, valueEnv)}
      - name: Keep the results
        if: always()
        uses: ${ACTIONS.uploadArtifact}
        with:
          name: tplsync-results${suffix}-\${{ env.TPLSYNC_ENV }}
          path: ${at('tplsync-results.json')}
          if-no-files-found: ignore
`;

  const drift = `# tplsync drift check: every morning, fail (and open an issue) when the channels no longer
# match the files on ${branchWord}, for example after an edit in the console, or (when the config lists the
# environment's templates: environments.<env>.list) hold a template made in the console that no file defines.
${readsNames}name: tplsync drift${titled}
on:
  schedule:
    - cron: "17 6 * * *"
  workflow_dispatch:
permissions:
  contents: read
  issues: write
jobs:
  drift:
    runs-on: ubuntu-latest
    env:
      TPLSYNC_ENV: ${env}
    steps:
      - uses: ${ACTIONS.checkout}
        with:
          fetch-depth: 0 # the files' history tells an edit in the console from a change merged and not applied yet
${action(o, 6, 'Plan with --detailed-exitcode (2 or 5 means drift)', { command: 'plan', environment: '${{ env.TPLSYNC_ENV }}', args: `--detailed-exitcode --orphans-if-listed --format markdown --marker ${marker('drift')} --output drift.md`, 'ok-exit-codes': '0 2 5', ...key }, ['# 5: drift too, of which apply would skip some updates (each said in drift.md with what to do)', 'id: plan', ...valueEnv])}
      - name: Job summary
        # also when the plan failed after writing drift.md (a listing that failed: the plan says so)
        if: always()
        run: if [ -f ${sh('drift.md')} ]; then cat ${sh('drift.md')} >> "$GITHUB_STEP_SUMMARY"; fi
      - name: Open an issue about the drift
        if: steps.plan.outputs.exit-code == '2' || steps.plan.outputs.exit-code == '5'
        run: |
          title="Templates${titled} drifted from ${branchWord} in $TPLSYNC_ENV"
          if [ -z "$(gh issue list --state open --search "in:title \\"$title\\"" --json number --jq '.[].number')" ]; then
            gh issue create --title "$title" --body-file ${sh('drift.md')}
          fi
          exit 1
        env:
          GH_TOKEN: \${{ github.token }}
`;
  return {
    [prFile]: pullRequest,
    [`.github/workflows/tplsync-apply${suffix}.yml`]: apply,
    [`.github/workflows/tplsync-drift${suffix}.yml`]: drift,
  };
}

/**
 * The lines of a folder's workflow that say which names it reads: the folder's own, the environment
 * falling back to the repository's TPLSYNC_ENV, the key never to the repository's secret.
 */
function folderNamesComment(dir: string, names: CiNames, environment: string, apiKeyEnv: string | undefined): string {
  const secret = apiKeyEnv ? `${apiKeyEnv} (the config's apiKeyEnv)` : names.secretPattern;
  return `# The names it reads are ${dir}'s own: the variable ${names.envVariables[0]} (else ${names.envVariables.slice(1).join(', ')},
# else ${environment}) picks the environment, and the key is the secret ${secret}
# (or the one the variable ${names.keyVariable} names), never the repository's
# TPLSYNC_<ENV>_API_KEY: another team of the repository keeps its own key (docs/commands/init.md).
`;
}
