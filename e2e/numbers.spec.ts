import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  ADMIN,
  configureAgent,
  csrfHeaders,
  expect,
  muteAgent,
  registerUser,
  shoot,
  shownNumber,
  signInViaUi,
  subscribeWithFreeCoupon,
  test,
} from './fixtures.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const picker = (page: Page) => page.getByRole('radiogroup', { name: 'Phone Number *' });

/** Adds a number on /configure?new=1 as the owner would ("Add a number"); returns it. */
async function addNumberInUi(page: Page, company: string, document: string): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Add a phone number' })).toBeVisible();
  await expect(page.getByLabel('Company Name *')).toHaveValue('');
  const available = await page.request.get('/api/twilio/available-numbers');
  const list = ((await available.json()) as { numbers: { phone_number: string }[] }).numbers;
  const number = list[Math.floor(Math.random() * list.length)]!.phone_number;
  await page.getByLabel('Search numbers by area code or digits').fill(number.slice(-4));
  await picker(page)
    .getByRole('radio', { name: shownNumber(number) })
    .check();
  await page.getByLabel('Company Name *').fill(company);
  await page
    .getByLabel('Company Documents')
    .setInputFiles([{ name: 'faq.txt', mimeType: 'text/plain', buffer: Buffer.from(document) }]);
  await page.getByRole('button', { name: 'Configure Agent' }).click();
  return number;
}

/** Activates one number's agent with the first voice, as that card's voice dialog does. */
async function activate(page: Page, agentId: string): Promise<void> {
  const voices = (await (await page.request.get('/api/elevenlabs/voices')).json()) as {
    voices: { voice_id: string }[];
  };
  const response = await page.request.post('/api/agent/create-eleven-labs-agent', {
    multipart: { voice_id: voices.voices[0]!.voice_id, agent_id: agentId },
    headers: await csrfHeaders(page.request),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Calls `number` from the softphone and asks about parking; returns the agent's answer. */
async function askAboutParking(page: Page, number: string, company: string) {
  await page.goto(`/phone?to=${encodeURIComponent(number)}`);
  await muteAgent(page);
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  const lines = page.getByTestId('agent-line');
  await expect(lines.first()).toContainText(`Thanks for calling ${company}`);
  await page.getByLabel('Say something').fill('Where can I park?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(lines).toHaveCount(2);
  const answer = (await lines.nth(1).textContent()) ?? '';
  await page.getByRole('button', { name: /Hang up|End call/ }).click();
  return answer;
}

test.describe('several numbers per account', () => {
  test('a Pro account adds its second and third number, is refused a fourth, and each number answers from its own documents', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const owner = await registerUser(page, { name: 'Harbor Owner' });
    await subscribeWithFreeCoupon(page, baseURL!, 'pro');
    const downtown = await configureAgent(page, {
      companyName: 'Harbor Downtown',
      document: '# Parking\nFree parking in the garage under the downtown shop, entrance on Main Street.',
    });

    // One number on Pro: the dashboard offers another.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: '1 of 3 phone numbers in use' })).toBeVisible();
    await page.getByRole('link', { name: 'Add a number' }).click();
    const uptown = await addNumberInUi(
      page,
      'Harbor Uptown',
      '# Parking\nStreet parking only at the uptown shop; the nearest lot is on Oak Avenue.',
    );
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('number-card')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: '2 of 3 phone numbers in use' })).toBeVisible();
    // Two numbers: one card each, each with its own self-test panel (ADR 044, ADR 013).
    await expect(page.getByTestId('number-card').nth(1).getByTestId('self-test-panel')).toBeVisible();
    await expect(page.getByTestId('self-test-panel')).toHaveCount(2);
    await shoot(page, 'numbers-two-dashboard', 'desktop');

    await page.getByRole('link', { name: 'Add a number' }).click();
    await addNumberInUi(page, 'Harbor Sales', '# Rentals\nA city bike rents for 25 dollars a day.');
    await expect(page).toHaveURL(/\/dashboard$/);
    const cards = page.getByTestId('number-card');
    await expect(cards).toHaveCount(3);
    await expect(page.getByRole('heading', { name: '3 of 3 phone numbers in use' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add a number' })).toHaveCount(0);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: `${SHOTS}/numbers-dashboard.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/numbers-dashboard-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });

    // A fourth is refused with the plan and its limit, and nothing is rented.
    await page.goto('/configure?new=1');
    await addNumberInUi(page, 'Harbor Late', 'Closed at night.');
    await expect(
      page.getByText(
        'Your Pro plan includes 3 phone numbers, and you have 3 already. Upgrade to Enterprise for up to 10 numbers.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/configure\?new=1$/);
    const list = (await (await page.request.get('/api/agents')).json()) as {
      agents: { id: string; twilio_phone_number: string; company_name: string }[];
    };
    expect(list.agents.map((a) => a.company_name)).toEqual([
      'Harbor Downtown',
      'Harbor Uptown',
      'Harbor Sales',
    ]);

    // Each number answers from its own documents.
    for (const agent of list.agents) await activate(page, agent.id);
    expect(await askAboutParking(page, downtown, 'Harbor Downtown')).toMatch(/garage/);
    const uptownAnswer = await askAboutParking(page, uptown, 'Harbor Uptown');
    expect(uptownAnswer).toMatch(/Oak Avenue/);
    expect(uptownAnswer).not.toMatch(/garage/);

    // /knowledge-base: the selector shows one number's documents.
    const uptownId = list.agents[1]!.id;
    await page.goto('/knowledge-base');
    const selector = page.getByLabel('Phone number');
    await expect(selector).toBeVisible();
    await selector.selectOption(uptownId);
    await expect(page).toHaveURL(new RegExp(`agent=${uptownId}`));
    await expect(page.getByRole('heading', { name: 'Current Documents (1)' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/numbers-knowledge-base.png`, fullPage: true });

    // /calls: every number's calls, or one number's.
    await page.goto('/calls');
    await expect(page.getByTestId('call-card')).toHaveCount(2);
    await expect(page.getByTestId('call-to').first()).toBeVisible();
    await page.getByLabel('Phone number').selectOption(uptownId);
    await expect(page.getByTestId('call-card')).toHaveCount(1);
    await expect(page.getByTestId('call-to')).toHaveText(` · to ${shownNumber(uptown)}`);
    await page.screenshot({ path: `${SHOTS}/numbers-calls.png`, fullPage: true });

    // /configure: the selector edits one number; the others keep their details.
    await page.goto(`/configure?agent=${uptownId}`);
    await expect(page.getByLabel('Company Name *')).toHaveValue('Harbor Uptown');
    await expect(page.getByText(`Current number: ${shownNumber(uptown)}`)).toBeVisible();

    // The admin's user details list every number, and "Delete" names which one.
    const adminPage = await (await browser.newContext({ baseURL })).newPage();
    await signInViaUi(adminPage, ADMIN.email, ADMIN.password);
    await expect(adminPage).toHaveURL(/\/dashboard$/);
    await adminPage.goto('/admin');
    await adminPage.getByPlaceholder('Search users...').fill(owner.email);
    await adminPage.getByTestId('admin-user-row').first().click();
    const agents = adminPage.getByTestId('admin-agent');
    await expect(agents).toHaveCount(3);
    await expect(agents.nth(1)).toContainText('Harbor Uptown');
    await expect(agents.nth(1).getByRole('button', { name: `Delete ${shownNumber(uptown)}` })).toBeVisible();
    await shoot(adminPage, 'numbers-admin', 'desktop');
    await adminPage.context().close();
  });
});
