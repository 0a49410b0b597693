// Meta's coupon-code template with its code a value of the environment (`((spring_promo_code))`): the reference
// whose own length is not the code's (env-values-whole-fields, env-values-judged).
export const COUPON = `channel: wa
name: coupon
language: en_US
category: MARKETING
body:
  text: "Shop now through November and use code {{1}} to get {{2}} off of all merchandise!"
  examples: { 1: SPRING25, 2: "25%" }
buttons:
  - { type: COPY_CODE, example: ((spring_promo_code)) }
`;
