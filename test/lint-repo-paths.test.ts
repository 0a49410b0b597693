// A config in a folder of a monorepo (teams/payments/tplsync.config.yaml): GitHub resolves an
// annotation's `file=` and a SARIF result's URI against the repository, so they name
// teams/payments/templates/..., not templates/... (which annotated no line, or the wrong file),
// from the repository's root with --config and from the team's folder alike.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const BAD = 'channel: wa\nname: refund_issued\nlanguage: en_US\ncategory: UTILTY\nbody:\n  text: "Your refund of {{1}} is on its way."\n  examples: { 1: "$20" }\n';
const CONFIG = 'templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n';

test('--format github and sarif in a monorepo: paths from the repository root', async () => {
  const repo = tempDir('tplsync-mono-');
  try {
    mkdirSync(path.join(repo, '.git'));
    writeFiles(repo, { 'teams/payments/tplsync.config.yaml': CONFIG, 'teams/payments/templates/refund_issued.en_US.yaml': BAD });
    const want = 'file=teams/payments/templates/refund_issued.en_US.yaml,line=4';
    const fromRoot = await cliIn(['--config', 'teams/payments/tplsync.config.yaml', 'lint', '--format', 'github'], { cwd: repo, env: { GITHUB_WORKSPACE: undefined } });
    assert.is(fromRoot.exitCode, 1, fromRoot.stderr);
    assert.match(fromRoot.stdout, want);
    const team = path.join(repo, 'teams', 'payments');
    const fromTeam = await cliIn(['lint', '--format', 'github'], { cwd: team, env: { GITHUB_WORKSPACE: repo } });
    assert.match(fromTeam.stdout, want);
    // no .git above, but the runner's workspace: the workspace
    const sarif = await cliIn(['lint', '--format', 'sarif', '--output', 'out.sarif'], { cwd: team, env: { GITHUB_WORKSPACE: repo } });
    assert.is(sarif.exitCode, 1, sarif.stderr);
    const log = JSON.parse(readFileSync(path.join(team, 'out.sarif'), 'utf8')) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }[] }[] };
    assert.equal(log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation, { uri: 'teams/payments/templates/refund_issued.en_US.yaml', uriBaseId: '%SRCROOT%' });
  } finally { cleanup(repo); }
});

test.run();
