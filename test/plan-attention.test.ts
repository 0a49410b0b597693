// "In sync" means approved: a template whose content matches its file but whose review REJECTED it
// is shown by every plan rendering, with the reason and what to do; plan --detailed-exitcode exits
// 2 (the drift check fails on it); apply's closing advice does not call a re-run safe.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { describeAttention, needsAttention, NOT_EDITABLE, qualityWarning, recategorised } from '../src/plan/review-state.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Q7x`; // random, as real keys are: any 8 of its characters are redacted from output
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

// the team turned a rule off that the platform's review applies: lint passes, the review rejects
const project = () => {
  const dir = tempDir('tplsync-attention-');
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: ATT_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\nrules:\n  placeholder-position: off\n`,
    'templates/starts.en_US.yaml': `channel: shop-whatsapp\nname: starts_${Math.random().toString(36).slice(2, 8)}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "{{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`,
  });
  return dir;
};
const env = { ATT_KEY: KEY };

test('needsAttention: APPROVED, PENDING and REINSTATED ask nothing; every other state says what to do', () => {
  assert.is(needsAttention(undefined), undefined);
  for (const fine of ['APPROVED', 'PENDING', 'REINSTATED']) assert.is(needsAttention({ statusText: fine }), undefined);
  for (const state of ['REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL', 'FLAGGED', 'LIMIT_EXCEEDED', 'LOCKED', 'PENDING_DELETION', 'DELETED', 'ARCHIVED', 'SOMETHING_NEW']) {
    const a = needsAttention({ statusText: state, rejectionReason: 'why' })!;
    assert.is(a.state, state);
    assert.is(a.reason, 'why');
    assert.match(a.todo, 'docs/recovery.md');
  }
});

test('needsAttention carries the recommendation, quality and pauses, and names the lint rule that covers the reason', () => {
  const rules = new Set(['placeholder-position', 'placeholder-syntax', 'placeholder-adjacent', 'category']);
  const a = needsAttention({ statusText: 'REJECTED', rejectionReason: 'INVALID_FORMAT', recommendation: 'Fix the variable at the end of the text' }, rules)!;
  // the recommendation's words say which placeholder rule: a variable at the end is placeholder-position's
  assert.is(a.rule, 'placeholder-position');
  assert.is(a.recommendation, 'Fix the variable at the end of the text');
  assert.match(describeAttention(a), 'recommendation: Fix the variable');
  assert.match(a.todo, 'lint rule placeholder-position');
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'INVALID_FORMAT', recommendation: 'Variables can not be adjacent' }, rules)!.rule, 'placeholder-adjacent');
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'INVALID_FORMAT', recommendation: 'Check the curly braces' }, rules)!.rule, 'placeholder-syntax');
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'INVALID_FORMAT' }, rules)!.rule, 'placeholder-syntax');
  const withSequence = new Set([...rules, 'placeholder-sequence']);
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'INVALID_FORMAT', recommendation: 'Starting a message with a variable is not allowed.' }, withSequence)!.rule, 'placeholder-position');
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'INVALID_FORMAT', recommendation: 'Variable parameters are not sequential.' }, withSequence)!.rule, 'placeholder-sequence');
  // a recommendation about something else names no placeholder rule
  for (const rec of ['Links to shortened URLs are not allowed at the start of the message.', 'The template contains too many emojis.', 'The header is too long; shorten it.']) {
    assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'INVALID_FORMAT', recommendation: rec }, withSequence)!.rule, undefined, rec);
  }
  // trial-bq F1: the category codes name the rule whose doc covers them (docs/rules.md): utility-promotional, a UTILITY
  // template's promotional wording (PROMOTIONAL, INCORRECT_CATEGORY); translation-missing, a text left in the source
  // language (TAG_CONTENT_MISMATCH, which its doc names)
  const withCategory = new Set([...rules, 'utility-promotional', 'translation-missing']);
  const utility = { name: 'x', components: [], language: 'en_US', status: 'REJECTED', category: 'UTILITY' };
  for (const [code, rule] of [['PROMOTIONAL', 'utility-promotional'], ['INCORRECT_CATEGORY', 'utility-promotional'], ['TAG_CONTENT_MISMATCH', 'translation-missing']] as const) {
    const c = needsAttention({ statusText: 'REJECTED', rejectionReason: code, chatapp: utility }, withCategory)!;
    assert.is(c.rule, rule, code);
    assert.match(c.todo, `(lint rule ${rule} checks this: run tplsync lint)`);
    // the read without its category: the file's says
    assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: code }, withCategory, undefined, 'UTILITY')!.rule, rule, code);
  }
  // utility-promotional judges a UTILITY template alone: of a MARKETING or AUTHENTICATION one (or one whose category is not known) no rule covers them
  for (const category of ['MARKETING', 'AUTHENTICATION', undefined]) {
    for (const code of ['PROMOTIONAL', 'INCORRECT_CATEGORY']) {
      const c = needsAttention({ statusText: 'REJECTED', rejectionReason: code, ...(category ? { chatapp: { ...utility, category } } : {}) }, withCategory)!;
      assert.is(c.rule, undefined, `${code} ${category}`);
      assert.not.match(c.todo, 'lint rule');
    }
  }
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'TAG_CONTENT_MISMATCH', chatapp: { ...utility, category: 'MARKETING' } }, withCategory)!.rule, 'translation-missing');
  // a rule the registry does not have is never named
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'PROMOTIONAL', chatapp: utility }, rules)!.rule, undefined);
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'placeholder-position: a body may not end with a placeholder' }, rules)!.rule, 'placeholder-position');
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'SCAM' }, rules)!.rule, undefined);
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'no-such-rule: x' }, rules)!.rule, undefined);
  // an RCS-only template (a message, no WhatsApp part): WhatsApp's reason codes name no rule of it; a rule named in the reason still does
  const rcsOnly = { message: { type: 'text', message: 'x' } } as unknown as Pick<NonNullable<Parameters<typeof needsAttention>[0]>, 'message'>;
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'INVALID_FORMAT', ...rcsOnly }, rules)!.rule, undefined);
  assert.is(needsAttention({ statusText: 'REJECTED', rejectionReason: 'placeholder-position: x', ...rcsOnly }, rules)!.rule, 'placeholder-position');
  const p = needsAttention({ statusText: 'PAUSED', qualityScore: 'RED', pauseCount: 1, pausedUntil: '2026-01-01T03:00:00.000Z' })!;
  assert.equal([p.quality, p.pauses, p.pausedUntil], ['RED', 1, '2026-01-01T03:00:00.000Z']);
  assert.match(p.todo, /^paused until 2026-01-01T03:00:00.000Z after low quality ratings: sends fail until then; it resumes by itself then \(no edit needed/);
  assert.is(recategorised('UTILITY', 'MARKETING', true).state, 'RECATEGORISED');
  assert.is(recategorised('UTILITY', 'MARKETING', false).state, 'CATEGORY_DIFFERS');
  assert.match(recategorised('UTILITY', 'MARKETING', true).todo, 'set category: MARKETING in the file');
});

test('a REJECTED template: apply --wait says a re-run changes nothing; every plan rendering shows it; --detailed-exitcode exits 2', async () => {
  const dir = project();
  try {
    const apply = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env });
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
    assert.match(apply.stdout + apply.stderr, 'REJECTED by the review');
    assert.match(apply.stdout + apply.stderr, 'a re-run changes nothing');
    assert.not.match(apply.stdout + apply.stderr, 'a re-run is safe');

    const text = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(text.exitCode, 2, text.stdout + text.stderr);
    assert.not.match(text.stdout, 'No changes. ');
    assert.match(text.stdout, /= noop\s+shop-whatsapp\/starts_\w+\/en_US \(remote: REJECTED\)/);
    assert.match(text.stdout, /! the template on the channel is REJECTED \(placeholder-position: [^)]+\): fix what the reason names/);
    assert.match(text.stdout, 'not in sync: 1 template needs attention in remote: not approved');

    const json = await cliIn(['plan', '--format', 'json'], { cwd: dir, env });
    assert.is(json.exitCode, 0, json.stderr);
    const change = (JSON.parse(json.stdout) as { changes: { needsAttention?: { state: string; reason?: string; todo: string } }[] }).changes[0]!;
    assert.is(change.needsAttention?.state, 'REJECTED');
    assert.match(change.needsAttention!.reason!, 'placeholder-position');

    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env });
    assert.match(md.stdout, '### Needs attention');
    assert.match(md.stdout, 'not approved on the channel');
    assert.not.match(md.stdout, '✅ No changes');

    // a re-run of apply writes nothing new and still says why it is not done
    const again = await cliIn(['plan'], { cwd: dir, env });
    assert.match(again.stdout, 'REJECTED');
  } finally { cleanup(dir); }
});

test('qualityWarning: an approved template rated RED is warned of with its pauses so far and what the next pause does; nothing for another rating, nor a state that asks for attention itself (trial-bf F7)', () => {
  assert.match(qualityWarning({ statusText: 'APPROVED', qualityScore: 'RED' })!.warning, /^quality RED, 0 pauses so far: approved and sendable, .*a first pause lasts 3 hours, a second 6 hours, and a third disables it/);
  assert.equal(qualityWarning({ statusText: 'REINSTATED', qualityScore: 'RED', pauseCount: 1 })!.pauses, 1);
  assert.match(qualityWarning({ statusText: 'APPROVED', qualityScore: 'RED', pauseCount: 2 })!.warning, /2 pauses so far: .*the next pause disables it for good/);
  for (const r of [{ statusText: 'APPROVED', qualityScore: 'GREEN' }, { statusText: 'APPROVED', qualityScore: 'UNKNOWN' }, { statusText: 'APPROVED' }, { statusText: 'PAUSED', qualityScore: 'RED' }, { statusText: 'FLAGGED', qualityScore: 'RED' }, { statusText: 'PAUSED', qualityScore: 'YELLOW' }] as const) {
    assert.is(qualityWarning(r), undefined, JSON.stringify(r));
  }
});

// trial-bo F3: Meta's quality rating page: YELLOW "has received negative feedback from multiple WhatsApp users, or low
// read-rates, and may soon become paused or disabled. Message templates with this status can still be sent." It had no word.
test('qualityWarning: an approved template rated YELLOW gets a note in Meta\'s words (sendable; what to look at), apart from RED\'s', () => {
  const y = qualityWarning({ statusText: 'APPROVED', qualityScore: 'YELLOW' })!;
  assert.is(y.quality, 'YELLOW');
  assert.is(y.pauses, undefined);
  assert.is(y.warning, 'quality YELLOW (medium): approved and sendable, but Meta says it "has received negative feedback from multiple WhatsApp users, or low read-rates, and may soon become paused or disabled"; nothing stops it now: look at what recipients report and who receives it before it falls to RED; see docs/recovery.md#quality-yellow');
  assert.match(qualityWarning({ statusText: 'REINSTATED', qualityScore: 'YELLOW', pauseCount: 1 })!.warning, /^quality YELLOW \(medium\), 1 pause so far: approved and sendable/);
});

// trial-bo F1: Meta's status webhook: FLAGGED "has received negative feedback and is at risk of being disabled"; it was said
// "it will be paused unless its quality recovers"
test('FLAGGED is said as Meta says it: negative feedback, at risk of being disabled until reinstated (not "will be paused")', () => {
  const f = needsAttention({ statusText: 'FLAGGED' })!;
  assert.match(f.todo, /^flagged: Meta says it "has received negative feedback and is at risk of being disabled" \(on a date Meta's notice of the flag may give; the read does not carry it\), until Meta reinstates it \(REINSTATED\)/);
  assert.match(f.todo, 'see docs/recovery.md#flagged');
  assert.not.match(f.todo, /will be paused|quality recovers/);
  assert.match(NOT_EDITABLE.FLAGGED!, 'the template is FLAGGED on the channel (negative feedback: Meta says it is at risk of being disabled)');
  assert.not.match(NOT_EDITABLE.FLAGGED!, /at risk of a pause|quality recovers/);
});

test.run();
