// Pure: the three GitHub workflows of a tplsync project (pull request, apply on merge, drift
// check), each a `uses:` of the tplsync action plus inputs. `tplsync init` writes them into a
// team's repository; this repository's own .github/workflows/tplsync-*.yml are the same text
// with the action taken from the checkout (test/workflows.test.ts keeps them equal).

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
}

/** `- uses: ...` with its inputs, indented for a step list at `indent` spaces */
function action(o: WorkflowOptions, indent: number, name: string, inputs: Record<string, string>, extra: string[] = []): string {
  const pad = ' '.repeat(indent);
  const withLines = Object.entries({ ...inputs, ...o.extraWith }).map(([k, v]) => `${pad}    ${k}: ${v}`);
  return [`${pad}- name: ${name}`, ...extra.map((l) => `${pad}  ${l}`), `${pad}  uses: ${o.uses}`, `${pad}  with:`, ...withLines].join('\n');
}

export function workflowFiles(o: WorkflowOptions): Record<string, string> {
  const env = `\${{ vars.TPLSYNC_ENV || '${o.environment}' }}`;
  // The key of the environment the workflow runs against: the secret TPLSYNC_<ENV>_API_KEY (or the
  // one the variable TPLSYNC_API_KEY_ENV names), handed to tplsync alone under that name. A config
  // whose default environment names its key otherwise (apiKeyEnv) gets that name as the default.
  const derived = `TPLSYNC_${o.environment.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}_API_KEY`;
  const name = o.apiKeyEnv === derived ? "format('TPLSYNC_{0}_API_KEY', env.TPLSYNC_ENV)" : `'${o.apiKeyEnv}'`;
  const key: Record<string, string> = {
    'api-key': `\${{ secrets[vars.TPLSYNC_API_KEY_ENV || ${name}] }}`,
    'api-key-env': o.apiKeyEnv === derived ? '${{ vars.TPLSYNC_API_KEY_ENV }}' : `\${{ vars.TPLSYNC_API_KEY_ENV || '${o.apiKeyEnv}' }}`,
  };
  const pullRequest = `# tplsync on pull requests: lint with annotations and code scanning, formatting and generated
# types checked, and the plan posted as one comment that is updated in place.
# Copy it into your repository; set the secret TPLSYNC_<ENV>_API_KEY of your environment (README: CI recipe).
name: tplsync pull request
on:
  pull_request:
    paths:
      - "templates/**"
      - "tplsync.config.*"
      - ".github/workflows/tplsync-*.yml"
permissions:
  contents: read
concurrency:
  group: tplsync-pr-\${{ github.event.pull_request.number }}
  cancel-in-progress: true
jobs:
  lint:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      security-events: write
      # upload-sarif reads the workflow run: needed on a private repository
      actions: read
    steps:
      - uses: actions/checkout@v4
${action(o, 6, 'Lint (annotations on the changed lines, job summary)', { command: 'lint', args: '--format github' })}
${action(o, 6, 'Lint (SARIF for code scanning)', { command: 'lint', args: '--format sarif --output tplsync.sarif' }, ['if: always()'])}
      - name: Upload to code scanning
        # forks get a read-only token: they keep the annotations
        if: always() && github.event.pull_request.head.repo.full_name == github.repository
        uses: github/codeql-action/upload-sarif@v3
        with:
          sarif_file: tplsync.sarif
          category: tplsync
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
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0
${action(o, 6, 'Before/after preview of the changes', { command: 'preview', environment: '${{ env.TPLSYNC_ENV }}', args: '--changes --base origin/${{ github.base_ref }} --out tplsync-changes', ...key })}
      - name: Upload the preview
        id: changes
        uses: actions/upload-artifact@v4
        with:
          name: tplsync-changes
          path: tplsync-changes/
          retention-days: 14
${action(o, 6, 'Plan', { command: 'plan', environment: '${{ env.TPLSYNC_ENV }}', args: '--base origin/${{ github.base_ref }} --format markdown --marker tplsync-plan:${{ env.TPLSYNC_ENV }} --preview-url ${{ steps.changes.outputs.artifact-url }} --output plan.md', ...key })}
      - name: Job summary
        run: cat plan.md >> "$GITHUB_STEP_SUMMARY"
${action(o, 6, 'Comment the plan (edits its earlier comment)', { command: 'comment', args: '--body-file plan.md --marker tplsync-plan:${{ env.TPLSYNC_ENV }}' }, ['env:', '  GITHUB_TOKEN: ${{ github.token }}'])}
`;

  const apply = `# tplsync on merge: make the channels match main. One apply per environment at a time; the
# per-template results are kept as an artifact. A failed run is safe to re-run.
name: tplsync apply
on:
  push:
    branches: [main]
    paths:
      - "templates/**"
      - "tplsync.config.*"
  workflow_dispatch:
permissions:
  contents: read
concurrency:
  group: tplsync-apply-${env}
  cancel-in-progress: false
jobs:
  apply:
    runs-on: ubuntu-latest
    environment: ${env}
    env:
      TPLSYNC_ENV: ${env}
    steps:
      - uses: actions/checkout@v4
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
${action(o, 6, 'Apply', { command: 'apply', environment: '${{ env.TPLSYNC_ENV }}', args: '--auto-approve --results tplsync-results.json --wait --wait-timeout 900 ${{ steps.base.outputs.args }}', ...key })}
      - name: Keep the results
        if: always()
        uses: actions/upload-artifact@v4
        with:
          name: tplsync-results-\${{ env.TPLSYNC_ENV }}
          path: tplsync-results.json
          if-no-files-found: ignore
`;

  const drift = `# tplsync drift check: every morning, fail (and open an issue) when the channels no longer
# match the files on main, for example after an edit in the console.
name: tplsync drift
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
      - uses: actions/checkout@v4
${action(o, 6, 'Plan with --detailed-exitcode (2 means drift)', { command: 'plan', environment: '${{ env.TPLSYNC_ENV }}', args: '--detailed-exitcode --format markdown --marker tplsync-drift:${{ env.TPLSYNC_ENV }} --output drift.md', 'ok-exit-codes': '0 2', ...key }, ['id: plan'])}
      - name: Job summary
        run: cat drift.md >> "$GITHUB_STEP_SUMMARY"
      - name: Open an issue about the drift
        if: steps.plan.outputs.exit-code == '2'
        run: |
          title="Templates drifted from main in $TPLSYNC_ENV"
          if [ -z "$(gh issue list --state open --search "in:title \\"$title\\"" --json number --jq '.[].number')" ]; then
            gh issue create --title "$title" --body-file drift.md
          fi
          exit 1
        env:
          GH_TOKEN: \${{ github.token }}
`;
  return {
    '.github/workflows/tplsync-pull-request.yml': pullRequest,
    '.github/workflows/tplsync-apply.yml': apply,
    '.github/workflows/tplsync-drift.yml': drift,
  };
}
