import type { Page } from '@playwright/test';
import {
  activateAgent,
  configureAgent,
  expect,
  FAQ,
  registerUser,
  shotsDir,
  subscribeWithFreeCoupon,
  test,
} from './fixtures.ts';

const SHOTS = shotsDir('/tmp/shots-hours');
const ZONE = 'America/New_York';

/** Today's date in the business's time zone, as the date input takes it. */
function todayIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

async function say(page: Page, text: string) {
  await page.getByLabel('Say something').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

test('opening hours: edited on /configure, a call on a closed day takes a message shown on /calls', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await registerUser(page, { name: 'Hours Owner' });
  await subscribeWithFreeCoupon(page, baseURL!, 'pro');
  const number = await configureAgent(page, { companyName: 'Acme Plumbing', document: FAQ });
  await activateAgent(page);

  await page.goto('/configure');
  const card = page.getByTestId('hours-card');
  await expect(card.getByTestId('hours-status')).toHaveText('Always open: no opening hours set.');
  await card.getByRole('button', { name: 'Set opening hours' }).click();
  await card.getByLabel('Time zone').selectOption(ZONE);
  // Monday to Friday 9 to 5 by default; Saturday morning added.
  await expect(card.getByLabel('Open on Monday')).toBeChecked();
  await card.getByLabel('Open on Saturday').check();
  await card.getByLabel('Saturday opens at').fill('10:00');
  await card.getByLabel('Saturday closes at').fill('14:00');
  // A closing time before the opening time is refused with a clear message.
  await card.getByLabel('Monday closes at').fill('08:00');
  await card.getByRole('button', { name: 'Save hours' }).click();
  await expect(card.getByTestId('hours-problems')).toHaveText(
    'Monday: closing time 08:00 must be after opening time 09:00 (use 00:00 for midnight).',
  );
  await card.getByLabel('Monday closes at').fill('17:00');
  // Today is a holiday: closed, whatever the week says.
  await card.getByRole('button', { name: 'Add closed date' }).click();
  await card.getByRole('textbox', { name: 'Closed date', exact: true }).fill(todayIn(ZONE));
  await card.getByTestId('closed-date').getByLabel('What the day is').fill('Stocktaking');
  await card.getByRole('button', { name: 'Add special hours' }).click();
  await card.getByLabel('Special hours date').fill('2030-12-24');
  await card.getByTestId('special-hours').getByLabel('What the day is').fill('Christmas Eve');
  await card.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Opening hours saved')).toBeVisible();
  await expect(card.getByTestId('hours-status')).toContainText('Closed now. Opens');
  await expect(card.getByTestId('hours-problems')).toHaveCount(0);
  await card.screenshot({ path: `${SHOTS}/configure-hours.png` });
  await page.screenshot({ path: `${SHOTS}/configure-page.png`, fullPage: true });

  // The saved hours come back after a reload.
  await page.reload();
  await expect(page.getByTestId('hours-card').getByLabel('Saturday closes at')).toHaveValue('14:00');
  await expect(
    page.getByTestId('hours-card').getByRole('textbox', { name: 'Closed date', exact: true }),
  ).toHaveValue(todayIn(ZONE));

  await page.goto(`/phone?to=${encodeURIComponent(number)}`);
  await page.getByRole('button', { name: 'Agent replies are spoken' }).click();
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  const agentLines = page.getByTestId('agent-line');
  await expect(agentLines.first()).toContainText("We're closed today for Stocktaking");
  await say(page, 'Are you open today?');
  await expect(agentLines.nth(1)).toContainText("No, we're closed today for Stocktaking.");
  await say(page, 'Is there parking?');
  await expect(agentLines.nth(2)).toContainText('Elm Street');
  await say(page, 'Can I speak to a real person please?');
  await expect(agentLines.nth(3)).toContainText('I can take a message');
  await say(page, 'My name is Jane Doe, please call me back on 555 867 5309 about my boiler.');
  await expect(page.getByTestId('call-status')).toHaveText('Call ended');
  await expect(page.getByTestId('phone-event').filter({ hasText: 'Transferring' })).toHaveCount(0);

  await page.goto('/calls');
  const call = page.getByTestId('call-card').first();
  const message = call.getByTestId('call-message');
  await expect(message).toContainText('Left after hours');
  await expect(message.getByTestId('call-message-name')).toHaveText('Jane Doe');
  await expect(message.getByTestId('call-message-number')).toHaveText('+1 555-867-5309');
  await expect(message.getByTestId('call-message-text')).toContainText('about my boiler');
  await expect(call.getByTestId('call-source').first()).toContainText('Opening hours');
  await call.screenshot({ path: `${SHOTS}/calls-message.png` });
});
