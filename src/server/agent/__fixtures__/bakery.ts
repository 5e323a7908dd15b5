/** A small business's knowledge for the engine's tests: a bakery, unrelated to the benchmark's domains. */
import { splitIntoPassages } from '../passages.ts';
import type { KnowledgePassage } from '../retrieval/knowledge-index.ts';

export const BAKERY_NAME = 'Sunny Bakery';

export const BAKERY_FAQ = `# Sunny Bakery FAQ

What are your opening hours?
We are open Monday to Friday from 7am to 6pm and on Saturday from 8am to 2pm. We are closed on Sundays.

Do you have gluten-free bread?
Yes, we bake a **gluten-free** loaf every Tuesday and Friday. See https://sunny-bakery.example.com/gluten-free for the ingredients.

Can I order a custom cake?
Yes. Custom cakes need at least 48 hours' notice. You can order one in the shop or by phone.

How much is a custom cake?
Custom cakes start at $45 for eight servings.

Do you deliver?
Yes, we deliver within five miles of the shop, Tuesday to Saturday.

How much is delivery?
Delivery costs $5, and it is free for orders over $40.

Is there parking?
Free parking is available behind the shop, with two spaces for disabled drivers.

Do you accept credit cards?
We accept Visa, Mastercard, American Express and Apple Pay. We do not take checks.

What time is check-in for baking classes?
Check-in for Saturday baking classes starts at 9:30am, fifteen minutes before the class.

Do you have Wi-Fi?
Free WiFi is available in the seating area; the password is on the receipt.
`;

export function bakeryPassages(): KnowledgePassage[] {
  return splitIntoPassages([{ page: null, text: BAKERY_FAQ }]).map((d) => ({
    id: `faq#${d.ord}`,
    documentName: 'faq.txt',
    heading: d.heading,
    headingLevel: d.headingLevel,
    page: d.page,
    text: d.text,
  }));
}
