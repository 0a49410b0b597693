// A config refused for a templates glob that leaves the git repository (`lint`, `plan`: exit 3) was read
// as it was by the same commands given a FILE argument (`lint FILE`, `plan FILE` exited 0, `apply FILE`
// wrote to the API): the bound was checked by discovery of the config's globs only, which a run given
// paths skips. It is a problem of the config, checked where the config is loaded: every command that
// reads it is refused with the same message and exit code, and nothing reaches the API.
import './seed.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const TEMPLATE = 'channel: support-wa\nname: ticket_closed\nlanguage: pt_BR\ncategory: UTILITY\nbody:\n  text: "Olá {{nome}}, seu chamado {{numero}} foi encerrado."\n  examples: { nome: Rita, numero: "4471" }\n';

test('a config whose templates glob leaves the repository is refused (exit 3, same message) by every command that reads it, given a FILE or not; nothing reaches the API', async () => {
  const requests: string[] = [];
  const emu = await startEmulator({ keys: ['key-1'], reviewDelayMs: 0, log: (line) => { requests.push(line); } });
  const outer = tempDir();
  try {
    const repo = path.join(outer, 'service');
    mkdirSync(repo, { recursive: true });
    execFileSync('git', ['init', '-q', repo]);
    writeFiles(outer, {
      'common/ticket_opened.pt_BR.yaml': TEMPLATE.replace('ticket_closed', 'ticket_opened'),
      'service/msg/ticket_closed.pt_BR.yaml': TEMPLATE,
      'service/tplsync.config.yaml': `templates: ["msg/*.yaml", "../common/*.yaml"]\ndefaultEnvironment: stage\nenvironments:\n  stage:\n    baseUrl: ${emu.url}\n    allowInsecureHttp: true\n    apiKeyEnv: SUPPORT_KEY\n    channels: { support-wa: ${CHANNEL_A} }\n  live:\n    baseUrl: ${emu.url}\n    allowInsecureHttp: true\n    apiKeyEnv: SUPPORT_KEY\n    channels: { support-wa: ${CHANNEL_B} }\nchannels: { support-wa: { kind: whatsapp } }\n`,
    });
    const env = { SUPPORT_KEY: 'key-1' };
    const file = 'msg/ticket_closed.pt_BR.yaml';
    const refusal = (await cliIn(["lint"], { cwd: repo, env })).stderr;
    assert.match(refusal, /The templates glob '\.\.\/common\/\*\.yaml' \(from tplsync\.config\.yaml\) starts at .*, outside the repository the config is in/);
    const runs: string[][] = [
      ['lint'], ['lint', file], ['plan'], ['plan', file], ['apply', '--auto-approve', file], ['apply', '--auto-approve'],
      ['fmt', file], ['fmt', '--check', file], ['export', '--to', 'meta', file], ['preview', '--out', 'site', file], ['review', file],
      ['promote', '--from', 'stage', '--to', 'live', file], ['translations', 'export', file, '--source', 'pt_BR', '--target', 'es'], ['types'], ['types', '--check'],
      ['send', '--to', '+5511999990000', '--template', 'support-wa/ticket_closed/pt_BR'],
    ];
    for (const args of runs) {
      const r = await cliIn(args, { cwd: repo, env });
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.ok(r.stderr.includes(refusal.trim()), `${args.join(' ')} says the refusal of lint: ${r.stderr}`);
    }
    assert.equal(requests, [], 'no request reached the API');
    for (const written of ['tplsync-templates.ts', 'site', 'translations']) assert.not.ok(existsSync(path.join(repo, written)), `${written}: nothing written`);
  } finally { cleanup(outer); await emu.close(); }
});

test.run();
