// Pure: a new, lint-clean template file with the schema modeline and comments on each part.

export interface ScaffoldOptions { channel: string; name: string; language: string; category: string; schemaPath: string }

export function scaffoldTemplate(o: ScaffoldOptions): string {
  const auth = o.category === 'AUTHENTICATION';
  const lines = [
    `# yaml-language-server: $schema=${o.schemaPath}`,
    '# One file, one template: its identity is (channel, name, language). Check it with `tplsync lint`;',
    '# see what the customer sees with `tplsync preview`, and what a merge would change with `tplsync plan`.',
    `channel: ${o.channel}          # an alias from tplsync.config.yaml (environments.<env>.channels)`,
    `name: ${o.name}`,
    `language: ${o.language}                 # ll or ll_CC, from WhatsApp's supported languages`,
    `category: ${o.category}              # MARKETING | UTILITY | AUTHENTICATION (cannot change once APPROVED)`,
    'description: TODO say what this template is for',
    '',
    '# header:                     # optional: TEXT (with text), IMAGE, VIDEO, DOCUMENT (with a sample URL) or LOCATION',
    '#   format: IMAGE',
    '#   example: https://cdn.example.com/sample.png',
    'body:',
    '  # At most 1024 characters. Placeholders are named ({{first_name}}) or numbered ({{1}}), never both,',
    '  # and the text may not start or end with one. Each needs a sample below.',
    auth
      ? '  text: "Your verification code is {{code}}. For your security, do not share this code with anyone."'
      : '  text: "Hello {{first_name}}, this is a new message from us. Reply to this message if you have questions."',
    '  examples:',
    auth ? '    code: "123456"' : '    first_name: Maria',
  ];
  if (!auth) lines.push('', 'footer: Reply STOP to opt out     # optional: at most 60 characters, no placeholders');
  lines.push(
    '',
    '# Buttons (optional, at most 10): QUICK_REPLY, URL (one {{1}} at the end, with an example),',
    '# PHONE_NUMBER, COPY_CODE, FLOW, CATALOG. Quick replies go together, first or last.',
  );
  if (auth) lines.push('buttons:', '  - type: OTP', '    text: Copy code', '    otp_type: COPY_CODE');
  else lines.push('# buttons:', '#   - type: QUICK_REPLY', '#     text: Yes, please');
  lines.push(
    '',
    '# RCS content (optional): a rich card, or a carousel of 2 to 10.',
    '# message:',
    '#   type: rich_card',
    '#   richCards:',
    '#     - title: A title',
    '#       description: A description',
    '#       fileUrl: https://cdn.example.com/card.png',
    '#       suggestions:',
    '#         - { action: reply, text: Yes, postbackData: "yes" }',
    '#   rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL }',
    '',
  );
  return lines.join('\n');
}

/** An RCS-only template: a card with one suggestion of each common kind, and the SMS fallback. */
export function scaffoldRcsTemplate(o: ScaffoldOptions): string {
  return [
    `# yaml-language-server: $schema=${o.schemaPath}`,
    '# An RCS template (a `message` and no `body`): no category, and the WhatsApp rules do not apply.',
    '# Check it with `tplsync lint`; see the card with `tplsync preview`; what a merge would change: `tplsync plan`.',
    `channel: ${o.channel}          # an alias from tplsync.config.yaml (environments.<env>.channels)`,
    `name: ${o.name}`,
    `language: ${o.language}`,
    'description: TODO say what this template is for',
    'message:',
    '  type: rich_card             # rich_card (richCards), text (message), picture or video (fileUrl)',
    '  # STANDALONE: exactly 1 card; CAROUSEL: 2 to 10',
    '  richCards:',
    '    - title: "Hello {{first_name}}"                # at most 200 characters',
    '      description: Something new is waiting for you.  # at most 2000 characters',
    '      fileUrl: https://cdn.example.com/card.png   # public https; JPEG, PNG, GIF or a video',
    '      # at most 4 suggestions per card; each action takes its own keys, named as in Google\'s RBM API',
    '      suggestions:',
    '        - { action: reply, text: Tell me more, postbackData: more }',
    '        - { action: open_url, text: Open the shop, postbackData: "https://shop.example.com", openUrlApplication: BROWSER }',
    '        - { action: dial, text: Call us, phoneNumber: "+4930123456", postbackData: call }',
    '        # other actions: view_location (latLong: { latitude, longitude } and label, or query),',
    '        # share_location, create_calendar_event (startTime, endTime in ISO 8601 UTC, title, description)',
    '  examples: { first_name: Maria }   # one sample per placeholder',
    '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }',
    '  # rcsExpireOpts: { type: TTL, ttl: 86400 }   # or { type: EXPIRE_TIME, expireTime: "2030-01-31T23:59:59.000Z" }',
    '  # the SMS for phones without RCS: plain text, 160 characters per SMS part',
    '  fallback:',
    '    text: "Hello {{first_name}}, something new is waiting for you: https://shop.example.com"',
    '',
  ].join('\n');
}
