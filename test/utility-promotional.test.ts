// A UTILITY template that reads as promotional (trial-bg F9): `back_in_stock` with "Sizes sell out
// fast, so grab yours today and enjoy free shipping over $50" and a "Buy now" button linted clean and
// was approved as UTILITY, where Meta documents that a utility template is non-promotional, that
// mixed content (an order update with a promo) is marketing, and that it re-categorises a promotional
// UTILITY template as MARKETING. No rule looked at the wording: `category` checks the value. Rule utility-promotional warns of the wording of Meta's
// marketing objectives, and never of what an order, shipping, appointment, payment or account message
// says: seeded property tests over such texts in six languages, and the tricky sentences one by one.
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { promotionalPhrases } from '../src/lint/rules/promotion.ts';

const now = new Date('2026-01-01T00:00:00Z');
const findings = (text: string): Diagnostic[] => finishProject([lintBytes('t.yaml', Buffer.from(text), { now })], { severities: {} });
const yamlText = (s: string): string => JSON.stringify(s);
function template(o: { body: string; language?: string; category?: string; header?: string; footer?: string; buttons?: string[] }): string {
  const placeholders = [...new Set([...o.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1]!))];
  return [
    'channel: shop-whatsapp', 'name: notice', `language: ${o.language ?? 'en_US'}`, `category: ${o.category ?? 'UTILITY'}`,
    ...(o.header ? ['header:', '  format: TEXT', `  text: ${yamlText(o.header)}`] : []),
    'body:', `  text: ${yamlText(o.body)}`,
    ...(placeholders.length ? [`  examples: { ${placeholders.map((p) => `${p}: "x${p}"`).join(', ')} }`] : []),
    ...(o.footer ? [`footer: ${yamlText(o.footer)}`] : []),
    ...(o.buttons?.length ? ['buttons:', ...o.buttons.map((b) => `  - { type: QUICK_REPLY, text: ${yamlText(b)} }`)] : []),
    '',
  ].join('\n');
}
const promo = (o: Parameters<typeof template>[0]): Diagnostic[] => findings(template(o)).filter((d) => d.ruleId === 'utility-promotional');
const phrases = (body: string, language = 'en_US', buttons: string[] = []): string[] =>
  promotionalPhrases({ language, category: 'UTILITY', body: { text: body }, buttons: buttons.map((text) => ({ type: 'QUICK_REPLY', text })) }).map((f) => f.phrase);

test('the trial\'s back_in_stock, in its three languages: the phrases said, the finding at the first, a warning', () => {
  const en = promo({ body: 'Good news, {{1}}! The {{2}} you wanted is back in stock. Sizes sell out fast, so grab yours today and enjoy free shipping over $50.', buttons: ['Buy now'] });
  assert.is(en.length, 1);
  assert.is(en[0]!.severity, 'warning');
  assert.match(en[0]!.message, 'This UTILITY template reads as promotional ("sell out fast", "grab yours", "enjoy free shipping", and 1 more): Meta takes a template with promotional content, even beside an order update, as MARKETING');
  assert.match(en[0]!.message, 'set category: MARKETING');
  // at "sell out fast" in the body (line 6: `  text: "Good news, ...`)
  assert.equal([en[0]!.line, en[0]!.column, en[0]!.endColumn - en[0]!.column], [6, 10 + 'Good news, {{1}}! The {{2}} you wanted is back in stock. Sizes '.length, 'sell out fast'.length]);
  assert.equal(phrases('¡Buenas noticias, {{1}}! El {{2}} que querías ya está disponible. Las tallas se agotan rápido: compra hoy con envío gratis.', 'es_MX', ['Comprar']), ['se agotan rápido', 'compra hoy', 'Comprar']);
  assert.equal(phrases('Boa notícia, {{1}}! O {{2}} que você queria voltou ao estoque. Os tamanhos acabam rápido: compre hoje com frete grátis.', 'pt_BR', ['Comprar']), ['acabam rápido', 'compre hoje', 'Comprar']);
});

test('Meta\'s marketing examples (template categorization: sales, retargeting, app promotion) and mixed content read as promotional', () => {
  const cases: [string, string][] = [
    ['As a thank you for your last order, please enjoy 15% off your next order. Use code LOYAL15 at checkout.', '15% off'],
    ['Refer → save! Use code FRIEND so you both earn $10 off your next order.', '$10 off'],
    ['Upgrade to our Premium cabin to enjoy more benefits, like additional legroom and priority boarding.', 'Upgrade to our'],
    ['Hi {{1}}, you left items in your cart. Your cart is waiting: complete your order today.', 'left items in your cart'],
    ['Download our app to get exclusive offers on every order, {{1}}.', 'Download our app'],
    // an order update with a promo: mixed content is marketing
    ['Your order {{1}} has shipped and arrives on {{2}}. Enjoy {{3}}% off your next purchase with us!', '{{3}}% off'],
    ['Your order {{1}} is confirmed. Check out our new collection while you wait for it.', 'Check out our new'],
    ['Hi {{1}}, our summer sale starts tomorrow: save 30% on sandals, for a limited time.', 'summer sale'],
    ['Hi {{1}}, stock is limited on {{2}}: order now while supplies last.', 'order now'],
  ];
  for (const [body, first] of cases) assert.is(phrases(body)[0], first, body);
  const others: [string, string, string][] = [
    ['es_MX', 'Hola {{1}}, disfruta 20% de descuento en tu próxima compra con el código VERANO.', '20% de descuento'],
    ['es', 'Hola {{1}}, dejaste 3 artículos en tu carrito. ¡Cómpralos ya!', 'dejaste 3 artículos en tu carrito'],
    ['pt_BR', 'Olá {{1}}, aproveite frete grátis em compras acima de R$ 99 nesta semana.', 'aproveite frete grátis'],
    ['pt_PT', 'Olá {{1}}, a nossa queima de estoque começou: até 40% em toda a loja.', 'queima de estoque'],
    ['fr', 'Bonjour {{1}}, profitez de 20 % de réduction sur votre prochaine commande.', '20 % de réduction'],
    ['de', 'Hallo {{1}}, nur für kurze Zeit: 25 % Rabatt auf alle Schuhe. Jetzt shoppen!', 'nur für kurze Zeit'],
    ['it', 'Ciao {{1}}, approfittane: 30% di sconto su tutta la collezione estiva.', 'approfittane'],
    // a percentage off in a language without a list of its own
    ['nl', 'Hallo {{1}}, nu 20% off op alle schoenen.', '20% off'],
  ];
  for (const [language, body, first] of others) assert.is(phrases(body, language)[0], first, `${language}: ${body}`);
  // a label that asks to buy, alone on a utility template
  assert.equal(phrases('Hi {{1}}, the jacket you asked about is available in your size again.', 'en_US', ['Shop now']), ['Shop now']);
});

test('only a UTILITY template: the same wording on a MARKETING or AUTHENTICATION template is no finding of this rule', () => {
  const body = 'Hi {{1}}, enjoy 20% off everything this weekend. Shop now!';
  assert.is(promo({ body }).length, 1);
  assert.equal(promo({ body, category: 'MARKETING' }), []);
  assert.equal(findings(template({ body: 'Your code is {{1}}. Enjoy 20% off today.', category: 'AUTHENTICATION' })).filter((d) => d.ruleId === 'utility-promotional'), []);
  // a coupon button on it: a UTILITY template may carry one (Meta's utility templates page; copy-code-category is retired), so its wording is still read
  const coupon = template({ body }).replace(/\n$/, '\nbuttons:\n  - { type: COPY_CODE, example: SAVE20 }\n');
  assert.equal(findings(coupon).filter((d) => d.ruleId === 'utility-promotional' || d.ruleId === 'copy-code-category').map((d) => d.ruleId), ['utility-promotional']);
});

/** sentences a utility template says that hold a word of a promotional phrase: never a finding */
const TRICKY: [string, string][] = [
  ['en_US', 'Hi {{1}}, your Buy Now, Pay Later instalment of {{2}} is due on {{3}}.'],
  ['en_US', 'Hi {{1}}, your buy now pay later plan for order {{2}} is active.'],
  ['en_US', 'Your receipt from our point of sale terminal for order {{1}} is attached.'],
  ['en_US', 'Hi {{1}}, your order {{2}} qualifies for free delivery and arrives on {{3}}.'],
  ['en_US', 'Hi {{1}}, {{2}} of your points expire on {{3}}. Use them on your next order before they\'re gone.'],
  ['en_US', 'Hi {{1}}, don\'t miss your appointment with {{2}} tomorrow at {{3}}.'],
  ['en_US', 'Your 10% discount was applied to order {{1}}. The new total is {{2}}.'],
  ['en_US', 'Use code {{1}} to open locker {{2}} at the pickup point until {{3}}.'],
  ['en_US', 'We have updated your order now. Order {{1}} ships on {{2}}.'],
  ['en_US', 'Sorry for the wait, {{1}}: we took $5 off your bill for order {{2}}.'],
  ['en_US', 'Good news {{1}}! Your parcel just arrived at the pickup point {{2}}.'],
  ['en_US', 'Hi {{1}}, your upgrade to Premium is confirmed from {{2}}.'],
  ['en_US', 'Hi {{1}}, there is no hurry: your order {{2}} is held for you until {{3}}.'],
  ['en_US', 'Hi {{1}}, your sale receipt for order {{2}} is ready to download.'],
  ['en_US', 'Thanks for your order, {{1}}! Order {{2}} totalling {{3}} is confirmed. Enjoy!'],
  ['en_US', 'Hi {{1}}, the payment for order {{2}} did not go through. Please update your card within 48 hours to keep your order.'],
  ['en_US', 'Hi {{1}}, your exchange for {{2}} has shipped. Track it with the button below.'],
  ['es_MX', 'Gracias por tu compra hoy, {{1}}. Tu pedido {{2}} está confirmado.'],
  ['es_MX', 'Hola {{1}}, tu compra ahora está en camino con {{2}}.'],
  ['es_MX', 'Hola {{1}}, recibimos la liquidación de tu préstamo {{2}}.'],
  ['es_MX', 'Hola {{1}}, no te pierdas tu cita del {{2}} a las {{3}}.'],
  ['es_MX', 'Hola {{1}}, tu pedido {{2}} tiene envío gratis y llega el {{3}}.'],
  ['pt_BR', 'Olá {{1}}, o boleto do pedido {{2}} vence em {{3}}. Pague até a data para garantir seu pedido.'],
  ['pt_BR', 'Olá {{1}}, a liquidação do boleto {{2}} foi confirmada.'],
  ['pt_BR', 'Olá {{1}}, seu pedido {{2}} tem frete grátis e chega em {{3}}.'],
  ['fr', 'Bonjour {{1}}, votre solde de points est de {{2}}. Ne manquez pas votre rendez-vous du {{3}}.'],
  ['de', 'Hallo {{1}}, Ihre Bestellung {{2}} wird versandkostenfrei geliefert. Ihr Gutscheincode wurde eingelöst.'],
  ['it', 'Ciao {{1}}, il saldo del tuo conto è {{2}}. Il tuo ordine {{3}} è in consegna.'],
];

test('the sentences of utility messages that hold a word of a promotional phrase: no finding', () => {
  for (const [language, body] of TRICKY) assert.equal(promo({ body, language }), [], `${language}: ${body}`);
});

/** the parts of realistic utility messages, by language: a greeting, a fact of an order, a delivery, an appointment, a payment or an account, a detail, a closing */
const PARTS: Record<string, { greet: string[]; fact: string[]; detail: string[]; close: string[]; header: string[]; footer: string[]; labels: string[] }> = {
  en_US: {
    greet: ['Hi {{1}},', 'Hello {{1}},', 'Good news {{1}}!', 'Dear {{1}},', 'Thanks for your order, {{1}}!', 'Sorry {{1}},'],
    fact: ['your order {{2}} has shipped.', 'your order {{2}} is confirmed.', 'your parcel {{2}} is out for delivery today.', 'your order {{2}} is ready for pickup at our {{3}} store.',
      'your appointment with {{2}} is on {{3}}.', 'we received your payment of {{2}}.', 'the payment for order {{2}} did not go through.', 'your refund of {{2}} was issued.',
      'your return {{2}} was received.', 'your password was changed on {{2}}.', 'your subscription renews on {{2}}.', 'your booking {{2}} is confirmed for {{3}}.',
      'order {{2}} is delayed by one day.', 'your table for {{2}} is booked at {{3}}.', 'your prescription {{2}} is ready to collect.', 'your free delivery slot is {{2}}.'],
    detail: ['Tracking number: {{4}}.', 'Estimated delivery: {{4}}.', 'It can take 5 to 10 business days to show on your statement.', 'Bring your ID and this message.',
      'Reply YES to confirm or NO to cancel.', 'If this was not you, contact us at once.', 'Your balance is {{4}} points.', 'It is held for 7 days.', 'Please update your card within 48 hours.',
      'The driver will call you on arrival.', 'You can change the date in your account.', 'Your invoice is attached.'],
    close: ['Thank you!', 'See you soon.', 'Thanks for your patience!', 'Enjoy!', 'We will message you when it ships.', ''],
    header: ['Order update', 'Your order has shipped', 'Appointment reminder', 'Payment received', 'Delivery today'],
    footer: ['Northwind Retail', 'Reply STOP to opt out', 'Customer care: 9am to 5pm'],
    labels: ['Track package', 'View order', 'Reschedule', 'Confirm', 'Cancel', 'Update payment', 'Call us', 'Yes', 'No', 'Change address', 'I didn\'t get it', 'See rewards'],
  },
  es_MX: {
    greet: ['Hola {{1}},', '¡Buenas noticias, {{1}}!', 'Gracias por tu compra, {{1}}.', 'Lo sentimos {{1}},'],
    fact: ['tu pedido {{2}} va en camino.', 'tu pedido {{2}} está confirmado.', 'tu cita con {{2}} es el {{3}}.', 'recibimos tu pago de {{2}}.', 'el pago del pedido {{2}} no se pudo procesar.',
      'reembolsamos {{2}} por la devolución {{3}}.', 'tu paquete sale a reparto hoy.', 'tu pedido {{2}} viene con retraso.'],
    detail: ['Número de guía: {{4}}.', 'Entrega estimada: {{4}}.', 'Puede tardar de 5 a 10 días hábiles.', 'Alguien debe firmar de recibido.', 'Actualiza tu tarjeta en 48 horas.'],
    close: ['¡Gracias!', 'Disculpa la espera.', '¡Disfrútalo!', ''],
    header: ['Pedido enviado', 'Recordatorio de cita'],
    footer: ['Northwind Retail', 'Responde BAJA para no recibir mensajes'],
    labels: ['Rastrear paquete', 'Ver pedido', 'Reprogramar', 'Actualizar pago', 'Sí', 'No lo recibí'],
  },
  pt_BR: {
    greet: ['Olá {{1}},', 'Oi {{1}},', 'Obrigado pela compra, {{1}}!', 'Desculpe {{1}},'],
    fact: ['seu pedido {{2}} está a caminho.', 'seu pedido {{2}} foi confirmado.', 'sua consulta com {{2}} é em {{3}}.', 'recebemos seu pagamento de {{2}}.', 'o boleto do pedido {{2}} vence em {{3}}.',
      'o pagamento do pedido {{2}} não foi aprovado.', 'sua troca {{2}} foi enviada.', 'o pedido {{2}} está atrasado.'],
    detail: ['Código de rastreio: {{4}}.', 'Previsão de entrega: {{4}}.', 'Pague até a data para garantir seu pedido.', 'Alguém precisa assinar o recebimento.', 'Atualize seu cartão em até 48 horas.'],
    close: ['Obrigado!', 'Pedimos desculpas pela espera.', 'Obrigado pela paciência!', ''],
    header: ['Pedido enviado', 'Lembrete de consulta'],
    footer: ['Northwind Retail', 'Responda SAIR para não receber mensagens'],
    labels: ['Rastrear pedido', 'Ver pedido', 'Remarcar', 'Atualizar pagamento', 'Sim', 'Não recebi'],
  },
  fr: {
    greet: ['Bonjour {{1}},', 'Merci pour votre commande, {{1}} !'],
    fact: ['votre commande {{2}} a été expédiée.', 'votre rendez-vous avec {{2}} est le {{3}}.', 'nous avons reçu votre paiement de {{2}}.', 'votre colis {{2}} est en cours de livraison.'],
    detail: ['Numéro de suivi : {{4}}.', 'Livraison prévue : {{4}}.', 'Le remboursement peut prendre 5 à 10 jours.'],
    close: ['Merci !', 'À bientôt.', ''],
    header: ['Commande expédiée'], footer: ['Northwind'], labels: ['Suivre le colis', 'Voir la commande', 'Modifier le rendez-vous'],
  },
  de: {
    greet: ['Hallo {{1}},', 'Guten Tag {{1}},'],
    fact: ['Ihre Bestellung {{2}} wurde versandt.', 'Ihr Termin bei {{2}} ist am {{3}}.', 'wir haben Ihre Zahlung über {{2}} erhalten.', 'Ihr Paket {{2}} wird heute zugestellt.'],
    detail: ['Sendungsnummer: {{4}}.', 'Voraussichtliche Lieferung: {{4}}.', 'Die Erstattung kann 5 bis 10 Tage dauern.'],
    close: ['Vielen Dank!', 'Bis bald.', ''],
    header: ['Bestellung versandt'], footer: ['Northwind'], labels: ['Sendung verfolgen', 'Bestellung ansehen', 'Termin ändern'],
  },
  it: {
    greet: ['Ciao {{1}},', 'Gentile {{1}},'],
    fact: ['il tuo ordine {{2}} è stato spedito.', 'il tuo appuntamento con {{2}} è il {{3}}.', 'abbiamo ricevuto il tuo pagamento di {{2}}.', 'il tuo pacco {{2}} è in consegna oggi.'],
    detail: ['Numero di tracciamento: {{4}}.', 'Consegna prevista: {{4}}.', 'Il rimborso può richiedere da 5 a 10 giorni.'],
    close: ['Grazie!', 'A presto.', ''],
    header: ['Ordine spedito'], footer: ['Northwind'], labels: ['Traccia il pacco', 'Vedi ordine', 'Sposta appuntamento'],
  },
};

/** a realistic utility template of one language, from its parts */
const utility = fc.constantFrom(...Object.keys(PARTS)).chain((language) => {
  const p = PARTS[language]!;
  return fc.record({
    language: fc.constant(language),
    greet: fc.constantFrom(...p.greet), fact: fc.constantFrom(...p.fact), details: fc.subarray(p.detail, { maxLength: 3 }), close: fc.constantFrom(...p.close),
    header: fc.option(fc.constantFrom(...p.header), { nil: undefined }), footer: fc.option(fc.constantFrom(...p.footer), { nil: undefined }),
    buttons: fc.subarray(p.labels, { maxLength: 3 }),
  });
});
const bodyOf = (u: { greet: string; fact: string; details: string[]; close: string }): string => [u.greet, u.fact, ...u.details, u.close].filter(Boolean).join(' ');

test('property: realistic utility templates (orders, shipping, appointments, payments, accounts) in six languages: no finding', () => {
  fc.assert(fc.property(utility, (u) => {
    const body = bodyOf(u);
    assert.equal(promo({ body, language: u.language, header: u.header, footer: u.footer, buttons: u.buttons }).map((d) => d.message), [], `${u.language}: ${body} ${JSON.stringify(u.buttons)}`);
  }), { numRuns: 400 });
});

/** promotional sentences, by language: any of them added to a utility message makes it mixed content */
const PROMOS: Record<string, string[]> = {
  en_US: ['Enjoy 10% off your next order with us.', 'Shop now and save up to 40% on shoes.', 'Grab yours before they sell out fast.', 'Use code SAVE10 at checkout for a treat.', 'Enjoy free shipping on orders over $50.', 'Don\'t miss out on our summer sale.'],
  es_MX: ['Disfruta 15% de descuento en tu próxima compra.', 'Últimas unidades: ¡compra ya!', 'Aprovecha el envío gratis en compras de más de $500.'],
  pt_BR: ['Ganhe 10% de desconto na próxima compra.', 'Últimas unidades: compre já!', 'Aproveite frete grátis em compras acima de R$ 99.'],
  fr: ['Profitez de 10 % de réduction sur votre prochaine commande.', 'Offre spéciale pour vous cette semaine.'],
  de: ['Jetzt shoppen und 10 % Rabatt sichern.', 'Nur für kurze Zeit: neue Kollektion entdecken.'],
  it: ['Approfittane: 10% di sconto sul prossimo ordine.', 'Offerta speciale solo per te.'],
};

test('property: a promotional sentence added to a realistic utility template (mixed content) is found, wherever it is', () => {
  fc.assert(fc.property(utility, fc.nat(), fc.nat(), (u, which, where) => {
    const promos = PROMOS[u.language]!;
    const sentence = promos[which % promos.length]!;
    const parts = [u.greet, u.fact, ...u.details, u.close].filter(Boolean);
    parts.splice(1 + (where % parts.length), 0, sentence);
    const body = parts.join(' ');
    assert.is(promo({ body, language: u.language, footer: u.footer, buttons: u.buttons }).length, 1, `${u.language}: ${body}`);
  }), { numRuns: 300 });
});

test.run();
