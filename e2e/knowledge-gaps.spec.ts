import type { Page } from '@playwright/test';
import {
  activateAgent,
  configureAgent,
  expect,
  FAQ,
  muteAgent,
  registerUser,
  SHOTS,
  subscribeWithFreeCoupon,
  test,
} from './fixtures.ts';

/** Calls the agent from the softphone, asks `question`, returns the agent's reply line, then hangs up. */
async function askOnACall(page: Page, number: string, question: string): Promise<string> {
  await page.goto(`/phone?to=${encodeURIComponent(number)}`);
  await muteAgent(page);
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  const agentLines = page.getByTestId('agent-line');
  await expect(agentLines.first()).toContainText('Thanks for calling Acme Plumbing');
  await page.getByLabel('Say something').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(agentLines.nth(1)).not.toBeEmpty();
  const reply = (await agentLines.nth(1).textContent()) ?? '';
  await page.getByRole('button', { name: 'Hang up' }).click();
  await expect(page.getByTestId('call-status')).toHaveText('Call ended');
  return reply;
}

test.describe('knowledge gaps', () => {
  test('a question the documents miss shows up, the owner answers it, and the next call gets that answer', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await registerUser(page, { name: 'Gap Owner' });
    await subscribeWithFreeCoupon(page, baseURL!, 'pro');
    const number = await configureAgent(page, { companyName: 'Acme Plumbing', document: FAQ });
    await activateAgent(page);

    // The dashboard links to the page; nothing is waiting yet.
    await page.goto('/dashboard');
    await expect(page.getByTestId('gaps-summary')).toContainText('None waiting');

    // Two callers ask the same thing in their own words; a third asks something else.
    expect(await askOnACall(page, number, 'Do you sell gift vouchers?')).toContain(
      "I don't have that information",
    );
    expect(await askOnACall(page, number, 'Can I buy a gift voucher for my mother?')).toContain(
      "I don't have that information",
    );
    expect(await askOnACall(page, number, 'Do you install solar panels?')).toContain(
      "I don't have that information",
    );

    await page.goto('/dashboard');
    await expect(page.getByTestId('gaps-count')).toHaveText('2');
    await page.getByTestId('gaps-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dashboard-gaps.png` });
    await page.getByTestId('gaps-summary').click();
    await expect(page).toHaveURL(/\/knowledge-gaps$/);
    await expect(page.getByRole('heading', { name: "Questions your agent couldn't answer" })).toBeVisible();
    const groups = page.getByTestId('gap-group');
    await expect(groups).toHaveCount(2);
    const gifts = groups.filter({ hasText: 'gift voucher for my mother' });
    await expect(gifts.getByTestId('gap-callers')).toHaveText('2 callers asked');
    await expect(gifts).toContainText('Do you sell gift vouchers?');

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: `${SHOTS}/knowledge-gaps-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/knowledge-gaps-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });

    // Each question links to its call's transcript.
    await gifts.getByRole('link', { name: 'View transcript' }).first().click();
    await expect(page).toHaveURL(/\/calls\?call=/);
    await expect(page.getByTestId('call-card')).toHaveCount(1);
    await expect(page.getByTestId('call-transcript')).toContainText('gift voucher');
    await page.goBack();

    // An empty answer is refused with a clear message, and nothing is lost.
    await gifts.getByRole('button', { name: 'Save answer' }).click();
    await expect(gifts.getByRole('alert')).toHaveText('Please write an answer before saving.');
    await expect(groups).toHaveCount(2);

    // The most general wording is offered as the entry's question.
    await expect(gifts.getByLabel('Question')).toHaveValue('Do you sell gift vouchers?');
    await gifts
      .getByLabel('Your answer')
      .fill('Yes, we sell gift vouchers of 25, 50 and 100 dollars at the front desk.');
    await gifts.getByRole('button', { name: 'Save answer' }).click();
    const replay = page.getByTestId('replay-result');
    await expect(replay).toContainText('your agent now answers 2 of 2 questions');
    await expect(replay).toContainText('from “Answers you added”');
    await expect(groups).toHaveCount(1);
    await expect(page.getByTestId('added-answer')).toContainText('Do you sell gift vouchers?');
    await page.screenshot({ path: `${SHOTS}/knowledge-gaps-answered.png`, fullPage: true });

    // The owner dismisses the other one.
    await groups.first().getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText('No unanswered questions')).toBeVisible();

    // The answer is a document of the knowledge base, linked back to its entries.
    await page.goto('/knowledge-base');
    await expect(page.getByText('Answers you added')).toBeVisible();
    await expect(page.getByTestId('knowledge-gaps-link')).toBeVisible();

    // A new test call gets that answer, from "Answers you added".
    expect(await askOnACall(page, number, 'Do you sell gift vouchers?')).toContain(
      'gift vouchers of 25, 50 and 100 dollars',
    );
    await page.goto('/calls');
    const call = page.getByTestId('call-card').first();
    await expect(call.getByTestId('call-source').first()).toContainText('Answers you added');
  });
});
