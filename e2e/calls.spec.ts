import { mkdirSync } from 'node:fs';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { ADMIN, csrfHeaders, expect, registerUser, test } from './fixtures.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const FAQ = `# Opening hours
We are open Monday to Friday from 8 a.m. to 6 p.m. We are closed on Sundays.

# Parking
Free parking is available behind the building, entrance on Elm Street.

# Payment methods
We accept cash, all major credit cards and Apple Pay.`;

/** A subscribed owner through the product's own flows: a 100% coupon from the admin, then a free Pro checkout. */
async function subscribe(page: Page, baseURL: string): Promise<void> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await admin.post('/api/auth/login', { data: ADMIN, headers: await csrfHeaders(admin) });
    expect(login.status(), await login.text()).toBe(200);
    const coupon = await admin.post(
      '/api/admin/coupons/generate?discount_percent=100&discount_type=forever',
      {
        headers: await csrfHeaders(admin),
      },
    );
    expect(coupon.status(), await coupon.text()).toBe(200);
    const { code } = (await coupon.json()) as { code: string };
    const checkout = await page.request.post('/api/stripe/create-checkout', {
      form: { plan: 'pro', origin_url: baseURL, coupon_code: code },
      headers: await csrfHeaders(page.request),
    });
    expect(checkout.status(), await checkout.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/** Configure (the same call /configure makes) and activate with the first voice (as the voice dialog does). */
async function configureAndActivate(page: Page): Promise<string> {
  const numbers = await page.request.get('/api/twilio/available-numbers');
  const list = ((await numbers.json()) as { numbers: { phone_number: string }[] }).numbers;
  let number: string | null = null;
  for (let attempt = 0; attempt < 5 && !number; attempt++) {
    const candidate = list[Math.floor(Math.random() * list.length)]!.phone_number;
    const response = await page.request.post('/api/agent/configure', {
      multipart: {
        company_name: 'Acme Plumbing',
        contact_email: 'owner@example.com',
        twilio_phone_number: candidate,
        transfer_phone_number: '+14155552671',
        documents: { name: 'faq.txt', mimeType: 'text/plain', buffer: Buffer.from(FAQ) },
      },
      headers: await csrfHeaders(page.request),
    });
    if (response.status() === 200) number = candidate;
    else expect(response.status(), await response.text()).toBe(409);
  }
  if (!number) throw new Error('could not rent a number');
  const voices = (await (await page.request.get('/api/elevenlabs/voices')).json()) as {
    voices: { voice_id: string }[];
  };
  const activate = await page.request.post('/api/agent/create-eleven-labs-agent', {
    multipart: { voice_id: voices.voices[0]!.voice_id },
    headers: await csrfHeaders(page.request),
  });
  expect(activate.status(), await activate.text()).toBe(200);
  return number;
}

async function minutesUsed(page: Page): Promise<number> {
  const status = (await (await page.request.get('/api/subscription/status')).json()) as {
    subscription: { usage: { minutes_used: number } };
  };
  return status.subscription.usage.minutes_used;
}

test.describe('calls', () => {
  test('a test call from the dashboard: answers from documents, a transfer, then the call on /calls', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await registerUser(page, { name: 'Call Owner' });
    await subscribe(page, baseURL!);
    const number = await configureAndActivate(page);
    const usedBefore = await minutesUsed(page);

    await page.goto('/calls');
    await expect(page.getByRole('heading', { name: 'Call History' })).toBeVisible();
    await expect(page.getByText('No calls yet')).toBeVisible();
    await expect(
      page.getByText('Your call history will appear here once you start receiving calls.'),
    ).toBeVisible();

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Test call' }).click();
    await expect(page).toHaveURL(new RegExp(`/phone\\?to=${encodeURIComponent(number).replace('+', '\\+')}`));
    await expect(page.getByLabel('Number to call')).toHaveValue(number);
    await page.getByRole('button', { name: 'Call', exact: true }).click();

    const agentLines = page.getByTestId('agent-line');
    await expect(agentLines.first()).toContainText('Thanks for calling Acme Plumbing');
    const say = async (text: string) => {
      await page.getByLabel('Say something').fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
    };
    await say('What are your opening hours?');
    await expect(agentLines.nth(1)).toContainText('Monday to Friday');
    await say('Is there parking?');
    await expect(agentLines.nth(2)).toContainText('Elm Street');
    await page.screenshot({ path: `${SHOTS}/phone-during-call.png`, fullPage: true });
    await say('Can I speak to a real person please?');
    await expect(
      page.getByTestId('phone-event').filter({ hasText: 'Transferring you to +14155552671' }),
    ).toBeVisible();
    await expect(page.getByTestId('call-status')).toHaveText('Call ended');
    await page.screenshot({ path: `${SHOTS}/phone-transfer.png`, fullPage: true });

    await page.goto('/calls');
    const call = page.getByTestId('call-card').first();
    await expect(call.getByTestId('call-outcome')).toHaveText('Escalated: asked for a person');
    await expect(call.getByTestId('call-summary')).toContainText('opening hours');
    await expect(call.getByTestId('call-summary')).toContainText('Transferred to +14155552671');
    const transcript = call.getByTestId('call-transcript');
    await expect(transcript).toContainText('Caller: What are your opening hours?');
    await expect(transcript).toContainText('Agent: Thanks for calling Acme Plumbing');
    await expect(call.getByTestId('call-source').first()).toContainText('faq.txt');
    await expect(call.getByText(/^Summary$/)).toBeVisible();
    await expect(call.getByText(/^Transcript$/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/calls-with-call.png`, fullPage: true });

    // ceil(duration / 60) minutes, debited once.
    expect(await minutesUsed(page)).toBe(usedBefore + 1);

    await page.getByRole('button', { name: 'Sync Calls' }).click();
    await expect(page.getByText('Your calls are up to date')).toBeVisible();
  });
});
