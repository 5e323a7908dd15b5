import type { Page } from '@playwright/test';
import {
  configureAgent,
  expect,
  registerUser,
  SHOTS,
  shownNumber,
  subscribeWithFreeCoupon,
  test,
} from './fixtures.ts';

const card = (page: Page) => page.getByTestId('agent-config-card');
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Choose Your AI Voice' });
const audio = (page: Page) => page.getByTestId('voice-preview-audio');

/**
 * Records every voice the preview <audio> element actually started playing ('playing' events). A busy machine can
 * stall playback, and 'playing' fires again when it resumes: that is the same preview, not a second one.
 */
async function recordPlayback(page: Page): Promise<void> {
  await audio(page).evaluate((element: HTMLAudioElement) => {
    const played: string[] = [];
    (window as unknown as { __played: string[] }).__played = played;
    element.addEventListener('playing', () => {
      const voice = element.dataset.voiceId ?? '';
      if (played.at(-1) !== voice) played.push(voice);
    });
  });
}
const played = (page: Page) => page.evaluate(() => (window as unknown as { __played: string[] }).__played);

test.describe('agent activation', () => {
  test('a subscriber previews two voices, activates the agent and sees it active', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await registerUser(page, { name: 'Voice Owner' });
    await subscribeWithFreeCoupon(page, baseURL!);

    await page.goto('/dashboard');
    await expect(card(page).getByRole('link', { name: 'Configure Agent' })).toBeVisible();
    await card(page).screenshot({ path: `${SHOTS}/agent-card-not-configured.png` });

    const number = await configureAgent(page, { companyName: 'Harbor Bike Shop' });
    await page.reload();
    await expect(card(page)).toContainText('Harbor Bike Shop');
    await expect(card(page)).toContainText(shownNumber(number));
    await expect(page.getByTestId('agent-active')).toHaveCount(0);
    await card(page).screenshot({ path: `${SHOTS}/agent-card-configured.png` });

    await card(page).getByRole('button', { name: 'Activate AI Voice Agent' }).click();
    await expect(dialog(page)).toBeVisible();
    const options = dialog(page).getByTestId('voice-option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeGreaterThanOrEqual(38);
    // Name, description and labels as chips.
    await expect(options.first()).toContainText('Ava — US English, warm young female');
    await expect(options.first()).toContainText('customer service');
    const confirm = dialog(page).getByRole('button', { name: 'Activate Agent' });
    await expect(confirm).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/voice-dialog.png` });

    await recordPlayback(page);
    const first = options.nth(0);
    const second = options.nth(26); // Charlotte, British English
    const firstId = (await first.getAttribute('data-voice-id'))!;
    const secondId = (await second.getAttribute('data-voice-id'))!;

    // A greeting is ~3 s: played at a quarter speed, a busy machine cannot reach its end while the test looks at
    // the playing state (a reload of the source resets playbackRate to this default).
    const playbackRate = (rate: number) =>
      audio(page).evaluate((el: HTMLAudioElement, value) => {
        el.defaultPlaybackRate = value;
        el.playbackRate = value;
      }, rate);
    await playbackRate(0.25);

    // Preview 1 plays.
    await first.getByRole('button', { name: /^Play preview of/ }).click();
    await expect(audio(page)).toHaveAttribute('data-playing', firstId);
    await expect.poll(() => played(page)).toEqual([firstId]);
    await expect(first.getByRole('button', { name: /^Stop preview of/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/voice-dialog-playing.png` });

    // Preview 2 replaces it: one at a time.
    await second.scrollIntoViewIfNeeded();
    await second.getByRole('button', { name: /^Play preview of/ }).click();
    await expect(audio(page)).toHaveAttribute('data-playing', secondId);
    await expect.poll(() => played(page)).toEqual([firstId, secondId]);
    await expect(first.getByRole('button', { name: /^Play preview of/ })).toBeVisible();
    expect(await audio(page).evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime >= 0)).toBe(
      true,
    );

    // Pressing play on the playing voice stops it.
    await second.getByRole('button', { name: /^Stop preview of/ }).click();
    await expect(audio(page)).toHaveAttribute('data-playing', '');
    expect(await audio(page).evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);

    // Played to the end, the preview stops by itself (a greeting is ~3 s).
    await playbackRate(1);
    await first.getByRole('button', { name: /^Play preview of/ }).click();
    await expect(audio(page)).toHaveAttribute('data-playing', firstId);
    await expect(audio(page)).toHaveAttribute('data-playing', '', { timeout: 15_000 });
    await expect(first.getByRole('button', { name: /^Play preview of/ })).toBeVisible();

    // Select and confirm.
    await second.getByRole('radio').click();
    await expect(second.getByRole('radio')).toHaveAttribute('aria-checked', 'true');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page.getByText('AI Voice Agent activated! Your phone is now live.')).toBeVisible();
    await expect(dialog(page)).toBeHidden();

    const active = page.getByTestId('agent-active');
    await expect(active).toBeVisible();
    await expect(active).toContainText(/Agent ID: local_agent_[0-9a-f]{8}/);
    await expect(card(page)).toContainText('Charlotte — British English');
    await card(page).screenshot({ path: `${SHOTS}/agent-card-active.png` });

    // The agent survives a reload (it is saved on the server).
    await page.reload();
    await expect(page.getByTestId('agent-active')).toContainText(/local_agent_[0-9a-f]{8}/);
  });

  test('failures: voices do not load, a preview does not play, activation is refused', async ({
    page,
    baseURL,
  }) => {
    await registerUser(page, { name: 'Unlucky Owner' });
    await subscribeWithFreeCoupon(page, baseURL!);
    await configureAgent(page, { companyName: 'Rainy Day Repairs' });
    await page.goto('/dashboard');

    await page.route('**/api/elevenlabs/voices', (route) => route.fulfill({ status: 500, body: '{}' }));
    await card(page).getByRole('button', { name: 'Activate AI Voice Agent' }).click();
    await expect(dialog(page).getByText('Failed to load voices')).toBeVisible();
    await page.unroute('**/api/elevenlabs/voices');
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    const first = dialog(page).getByTestId('voice-option').first();
    await expect(first).toBeVisible();

    await page.route('**/api/elevenlabs/voice-preview/**', (route) =>
      route.fulfill({ status: 502, body: '{}' }),
    );
    await first.getByRole('button', { name: /^Play preview of/ }).click();
    await expect(page.getByText('Failed to play voice preview')).toBeVisible();

    await page.route('**/api/agent/create-eleven-labs-agent', (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'You have no call minutes left.' }),
      }),
    );
    await first.getByRole('radio').click();
    await dialog(page).getByRole('button', { name: 'Activate Agent' }).click();
    await expect(page.getByText('You have no call minutes left.')).toBeVisible();
    await expect(dialog(page)).toBeVisible();
  });

  test('screenshots: no subscription yet; the deactivated agent (minute limit reached)', async ({ page }) => {
    await registerUser(page, { name: 'Busy Owner' });
    // Without a subscription nothing can be configured yet.
    await page.goto('/dashboard');
    await expect(card(page).getByRole('button', { name: 'Configure Agent' })).toBeDisabled();
    await card(page).screenshot({ path: `${SHOTS}/agent-card-no-subscription.png` });

    // Exhausting a plan's minutes takes real calls; the card's rendering of that state is what is checked here.
    await page.route('**/api/agent/config', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          configured: true,
          config: {
            company_name: 'Busy Bee Cleaning',
            contact_email: 'owner@example.com',
            twilio_phone_number: '+15550100123',
            transfer_phone_number: null,
            documents: [],
            eleven_agent_id: null,
            voice_id: 'en-us+f3',
            status: 'inactive',
            config_data: {
              eleven_agent_id: 'local_agent_1a2b3c4d',
              voice_name: 'Ava — US English, warm young female',
            },
          },
        }),
      }),
    );
    await page.goto('/dashboard');
    const inactive = page.getByTestId('agent-inactive');
    await expect(inactive).toContainText('minute limit was reached');
    await expect(inactive).toContainText('local_agent_1a2b3c4d');
    await expect(inactive.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/pricing');
    await card(page).screenshot({ path: `${SHOTS}/agent-card-inactive.png` });
  });
});
