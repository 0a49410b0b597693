// Generates N realistic, lint-clean template files (WhatsApp and RCS) for the benchmarks.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HEADERS = [
  '', 'header:\n  format: IMAGE\n  example: https://cdn.example.com/img/{i}.png\n',
  'header:\n  format: TEXT\n  text: "Order {{order_id}} update"\n  examples: { order_id: A-{i} }\n',
  'header:\n  format: DOCUMENT\n  example: https://cdn.example.com/docs/{i}.pdf\n',
];
const BUTTONS = [
  '', 'buttons:\n  - type: QUICK_REPLY\n    text: Track parcel\n  - type: QUICK_REPLY\n    text: Talk to support\n  - type: URL\n    text: Open order\n    url: https://shop.example.com/orders/{{1}}\n    example: https://shop.example.com/orders/A-{i}\n',
  'buttons:\n  - type: PHONE_NUMBER\n    text: Call us\n    phone_number: "+4930123456"\n',
];
const RCS = `message:
  type: rich_card
  message: ""
  richCards:
    - title: Your parcel is on the way
      description: "Order {{order_id}} arrives soon."
      fileUrl: https://cdn.example.com/parcel-{i}.png
      suggestions:
        - { action: reply, text: Track, postbackData: track_{i} }
        - { action: open_url, text: Open order, postbackData: "https://shop.example.com/orders/{i}" }
  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }
  rcsExpireOpts: { type: TTL, ttl: 3600 }
`;

/**
 * The kind of corpus: 'clean' (every file lint-clean), 'realistic' (as real repositories are:
 * a third of the files carry a warning, one in fifty an error), 'dirty' (a finding in every file),
 * 'mix' (realistic, and the kinds too: an eighth of the files RCS templates with an `expireTime`,
 * the others of every WhatsApp kind, standard, carousel, limited-time offer and authentication;
 * still a third with a warning).
 */
export type Corpus = 'clean' | 'realistic' | 'dirty' | 'mix';

/** the sample of each WhatsApp kind beyond the standard one (templates/whatsapp), read once */
const KIND_SAMPLES = ['new_arrivals.en_US.yaml', 'caribbean_offer.en_US.yaml', 'one_tap_login.en_US.yaml'];
let kindTexts: string[] | undefined;
const samples = (): string[] => (kindTexts ??= KIND_SAMPLES.map((f) => readFileSync(fileURLToPath(new URL(`../templates/whatsapp/${f}`, import.meta.url)), 'utf8')));

/**
 * A file of the 'mix' corpus. By i % 8: 3 an RCS template with an `expireTime` (years ahead, a
 * different one per file), 5 a carousel, 6 a limited-time offer, 7 an authentication template,
 * else the realistic file. Every third file (i % 3 === 1) has a warning, whatever its kind.
 */
function mixText(i: number): string {
  const slot = i % 8;
  const warn = i % 3 === 1;
  if (slot === 3) {
    const expires = `${2030 + (i % 60)}-${String(1 + (i % 12)).padStart(2, '0')}-15T12:00:00.000Z`;
    return templateText(4 + 5 * Math.floor(i / 5), 'realistic').replaceAll(`_${4 + 5 * Math.floor(i / 5)}`, `_${i}`)
      .replace(/^body:\n {2}text: "[^"]*"/m, `body:\n  text: "${(warn ? SHORT_BODY : LONG_BODY).replaceAll('{i}', String(i))}"`)
      .replace('{ type: TTL, ttl: 3600 }', `{ type: EXPIRE_TIME, expireTime: "${expires}" }`);
  }
  if (slot >= 5) {
    // each template its own body (Meta rejects a second template with the same body and footer: duplicate-content)
    const text = samples()[slot - 5]!.replace(/^name: \S+$/m, `name: template_${i}`).replace(/^(body:\n {2}text: ")/m, `$1Offer ${i}: `);
    // the warning of a kind: a language WhatsApp does not list (language-unknown)
    return warn ? text.replace(/^language: \S+$/m, 'language: xx_YY') : text;
  }
  return templateText(i, 'realistic');
}

// each template's body its own, as in a real project (Meta rejects a second template with the same body and footer)
const SHORT_BODY = 'Hi {{customer}}, order {{order_id}} shipped ({i}).';

const LONG_BODY = 'Hi {{customer}}, your order {{order_id}} from our shop is on its way and should arrive within three working days (ref {i}).';

export function templateText(i: number, dirty: boolean | Corpus = false): string {
  const corpus: Corpus = dirty === true ? 'dirty' : dirty === false ? 'clean' : dirty;
  if (corpus === 'mix') return mixText(i);
  // realistic: every third file has a body too short for its placeholders (placeholder-density,
  // a warning), every fiftieth a button label over WhatsApp's 25 characters (an error)
  const warn = corpus === 'realistic' && i % 3 === 1;
  const error = corpus === 'realistic' && i % 50 === 7;
  const rcs = i % 5 === 4;
  const h = rcs ? '' : HEADERS[i % HEADERS.length]!;
  const b = rcs ? '' : BUTTONS[i % BUTTONS.length]!;
  return `# yaml-language-server: $schema=../schema/template.schema.json
channel: ${rcs ? 'shop-rcs' : 'shop-whatsapp'}
name: template_${i}
language: ${corpus === 'dirty' ? 'xx_YY' : ['en_US', 'de', 'pt_BR', 'es_MX'][i % 4]}
category: ${i % 3 === 0 ? 'MARKETING' : 'UTILITY'}
description: Generated template number ${i} for the benchmark of lint and plan
${h}body:
  text: "${warn ? SHORT_BODY : LONG_BODY}"
  examples:
    customer: Maria
    order_id: A-${i}
footer: Reply STOP to opt out
${error && b === '' && !rcs ? 'buttons:\n  - type: QUICK_REPLY\n    text: Talk to our friendly support team now\n' : b}${rcs ? RCS : ''}`.replaceAll('{i}', String(i));
}

export const BENCH_CONFIG = `templates: ["templates/**/*.yaml"]
defaultEnvironment: local
environments:
  local:
    emulator: .tplsync/emulator.json
    channels:
      shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11
      shop-rcs: 3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b
`;

export function generate(dir: string, n: number, dirty: boolean | Corpus = false): number {
  let bytes = 0;
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), BENCH_CONFIG);
  for (let i = 0; i < n; i++) {
    const sub = path.join(dir, 'templates', String(Math.floor(i / 500)));
    if (i % 500 === 0) mkdirSync(sub, { recursive: true });
    const t = templateText(i, dirty);
    bytes += Buffer.byteLength(t);
    writeFileSync(path.join(sub, `template_${i}.yaml`), t);
  }
  return bytes;
}

/** The smallest valid template: the baseline of bench/lint-keys.ts and the tests' starting point. */
export const VALID = `channel: shop-whatsapp
name: order_ready
language: en_US
category: UTILITY
body:
  text: "Hello {{1}}, your order is ready for pickup at the store."
  examples: { 1: Ana }
`;
