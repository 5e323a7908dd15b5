/**
 * Issue 23, section 2 ("Calls at a glance"): summaries that say what happened, each card's outcome, questions
 * answered from the documents and reply time, the calls page's outcome filter and transcript search, phone numbers
 * formatted everywhere and the searchable number picker on /configure. Screenshots at 1366x900 and 390x844.
 */
import type { Page } from '@playwright/test';
import {
  activateAgent,
  configureAgent,
  expect,
  muteAgent,
  registerUser,
  shoot,
  shownNumber,
  subscribeWithFreeCoupon,
  test,
} from './fixtures.ts';

/** A bike shop's price list as owners write them: topic headings, the answers in the text. */
const BIKE_SHOP = `# Flat-tire repair
We fix flat tires for $15 a wheel, usually while you wait.

# Parking
Free parking is available behind the shop, entrance on Elm Street.

# Payment by cheque
We do not accept payment by cheque. Cards and cash are welcome.`;

async function call(page: Page, number: string, lines: string[], end: 'hang up' | 'person') {
  await page.goto(`/phone?to=${encodeURIComponent(number)}`);
  await muteAgent(page);
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  const agent = page.getByTestId('agent-line');
  await expect(agent.first()).toContainText('Thanks for calling');
  let replies = 1;
  const say = async (line: string) => {
    await page.getByLabel('Say something').fill(line);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(agent.nth(replies)).toBeVisible();
    replies += 1;
  };
  for (const line of lines) {
    await say(line);
    // Unsure, the agent checks what was meant ("are you asking about payment by cheque?"): the caller says yes.
    const reply = agent.nth(replies - 1);
    await expect(reply).toHaveText(/[.?!]$/);
    if (/are you asking/i.test((await reply.textContent()) ?? '')) await say('yes');
  }
  if (end === 'person') {
    await page.getByLabel('Say something').fill('Can I speak to a real person please?');
    await page.getByRole('button', { name: 'Send' }).click();
  } else {
    await page.getByRole('button', { name: 'Hang up' }).click();
  }
  await expect(page.getByTestId('call-status')).toHaveText('Call ended');
}

test.describe('calls at a glance', () => {
  test('cards say what happened, count the answers, time the replies; the page filters and searches', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await registerUser(page, { name: 'Glance Owner' });
    await subscribeWithFreeCoupon(page, baseURL!, 'pro');
    const number = await configureAgent(page, { companyName: 'Spoke Bikes', document: BIKE_SHOP });
    await activateAgent(page);

    // The dial box and the agent card show the number formatted.
    await page.goto(`/phone?to=${encodeURIComponent(number)}`);
    await expect(page.getByLabel('Number to call')).toHaveValue(shownNumber(number));
    await page.goto('/dashboard');
    await expect(page.getByText(`Calls to ${shownNumber(number)} are answered`)).toBeVisible();

    await call(
      page,
      number,
      ['How much does flat tire repair cost?', 'Is there parking?', 'do you accept payment by cheque'],
      'hang up',
    );
    await call(page, number, ['Is there parking?'], 'person');

    await page.goto('/calls');
    const cards = page.getByTestId('call-card');
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId('call-count')).toHaveText('2 calls');

    // Newest first: the transfer.
    const transfer = cards.nth(0);
    await expect(transfer.getByTestId('call-outcome')).toHaveText('Escalated: asked for a person');
    await expect(transfer.getByTestId('call-summary')).toHaveText(
      'Asked about parking (answered). Transferred to +1 415-555-2671: the caller asked for a person.',
    );
    await expect(transfer.getByTestId('call-answered')).toContainText('1 question');

    const answered = cards.nth(1);
    await expect(answered.getByTestId('call-outcome')).toHaveText('Answered');
    // What happened, not the caller's words: topics from the sections, the short answers.
    await expect(answered.getByTestId('call-summary')).toHaveText(
      'Asked about flat-tire repair (answered: $15 a wheel), parking (answered) and payment by cheque (answered: not accepted).',
    );
    await expect(answered.getByTestId('call-summary')).not.toContainText('How much does');
    await expect(answered.getByTestId('call-answered')).toHaveText('Answered from documents:3 questions');
    await expect(answered.getByTestId('call-reply-time')).toHaveText(
      /^Reply time:\d+(\.\d)? m?s median, \d+(\.\d)? m?s slowest$/,
    );
    // The caller's number (the softphone's own) is formatted too.
    await expect(answered.getByTestId('call-number')).toHaveText(/^\+1 555-\d{3}-\d{4}$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'calls-glance', 'desktop');

    // Filter by outcome: the address keeps it.
    await page.getByLabel('Outcome').selectOption('escalated');
    await expect(page).toHaveURL(/outcome=escalated/);
    await expect(page.getByTestId('call-count')).toHaveText('1 call match');
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByTestId('call-outcome')).toHaveText('Escalated: asked for a person');
    await page.getByLabel('Outcome').selectOption('answered');
    await expect(page.getByTestId('call-count')).toHaveText('1 call match');
    await expect(cards.first().getByTestId('call-outcome')).toHaveText('Answered');
    await page.getByLabel('Outcome').selectOption('');

    // Search the transcripts (server-side): words only one call has, any case.
    await page.getByLabel('Search transcripts').fill('CHEQUE');
    await expect(page.getByTestId('call-count')).toHaveText('1 call match');
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByTestId('call-transcript')).toContainText('payment by cheque');
    await expect(page).toHaveURL(/q=CHEQUE/);
    await shoot(page, 'calls-search', 'desktop');
    // Words in both calls, narrowed by the outcome.
    await page.getByLabel('Search transcripts').fill('parking');
    await expect(page.getByTestId('call-count')).toHaveText('2 calls match');
    await page.getByLabel('Outcome').selectOption('escalated');
    await expect(page.getByTestId('call-count')).toHaveText('1 call match');
    // Nothing matches: say so, and clear.
    await page.getByLabel('Search transcripts').fill('helicopter');
    await expect(page.getByText('No calls match')).toBeVisible();
    await shoot(page, 'calls-no-match', 'desktop');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('call-count')).toHaveText('2 calls');
    await expect(page.getByLabel('Search transcripts')).toHaveValue('');
    await expect(page.getByLabel('Outcome')).toHaveValue('');
  });

  test('the number picker on /configure is searched by area code or digits; numbers are formatted', async ({
    page,
    baseURL,
  }) => {
    await registerUser(page, { name: 'Picker Owner' });
    await subscribeWithFreeCoupon(page, baseURL!);
    const list = (
      (await (await page.request.get('/api/twilio/available-numbers')).json()) as {
        numbers: { phone_number: string }[];
      }
    ).numbers;
    expect(list.length).toBeGreaterThan(20);

    await page.goto('/configure');
    const picker = page.getByRole('radiogroup', { name: 'Phone Number *' });
    // Not a hundred entries: a few, and a way to find the others.
    await expect(picker.getByRole('radio').first()).toBeVisible();
    expect(await picker.getByRole('radio').count()).toBeLessThanOrEqual(8);
    // (Other tests rent numbers meanwhile: the count is the pool's at this moment.)
    await expect(page.getByTestId('number-count')).toHaveText(
      /^Showing 8 of \d+ numbers\. Type an area code or digits to find others\.$/,
    );
    await expect(picker.getByRole('radio').first()).toHaveAccessibleName(
      /^\+1 555-010-\d{4} - \(555\) 010-\d{4}$/,
    );
    await shoot(page, 'configure-number-picker', 'desktop');

    // The last digits find one number (tests share the pool: take a random one). Not one whose last four digits
    // also occur inside the others (+15550100100's "0100" is in every number's exchange).
    const unique = list.filter(
      (n) => list.filter((m) => m.phone_number.includes(n.phone_number.slice(-4))).length === 1,
    );
    const target = unique[Math.floor(Math.random() * unique.length)]!.phone_number;
    const search = page.getByLabel('Search numbers by area code or digits');
    await search.fill(target.slice(-4));
    await expect(picker.getByRole('radio')).toHaveCount(1);
    await expect(page.getByTestId('number-count')).toHaveText('1 number matches.');
    // An area code typed with brackets: every number of the pool is in 555.
    await search.fill('(555)');
    await expect(page.getByTestId('number-count')).toHaveText(/^Showing 8 of \d+ numbers/);
    await search.fill('999999');
    await expect(page.getByTestId('number-count')).toHaveText(
      'No available number matches. Try other digits.',
    );
    await search.fill(target.slice(-4));
    await picker.getByRole('radio', { name: shownNumber(target) }).check();
    await shoot(page, 'configure-number-found', 'desktop');

    // The chosen number stays listed when the search is cleared, and is the one rented.
    await page.getByLabel('Company Name *').fill('Picker Cafe');
    await search.fill('');
    await page.getByRole('button', { name: 'Configure Agent' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/configure');
    await expect(page.getByText(`Current number: ${shownNumber(target)}`)).toBeVisible();
    await expect(page.getByRole('radio', { name: shownNumber(target) })).toBeChecked();
  });
});
