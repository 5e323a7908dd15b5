import type { Page, Response } from '@playwright/test';
import {
  configureAgent,
  csrfHeaders,
  expect,
  FAQ,
  registerUser,
  SHOTS,
  subscribeWithFreeCoupon,
  test,
} from './fixtures.ts';

/** Isla — Scottish English, warm young female: not the first voice of the list, so not a default by chance. */
const VOICE = 'en-gb-scotland+f3';

interface AudioEvent {
  event: 'playing' | 'pause' | 'ended';
  src: string;
  at: number;
  duration: number;
}

/** Records what every audio element of the page plays, pauses and finishes (the softphone's own elements). */
async function recordAudio(page: Page) {
  await page.addInitScript(() => {
    const log: AudioEvent[] = [];
    const elements: Record<string, HTMLMediaElement> = {};
    Object.assign(window, { audioLog: log, audioElements: elements });
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      const src = this.src;
      if (!this.dataset.recorded) {
        this.dataset.recorded = 'yes';
        elements[src] = this;
        for (const event of ['playing', 'pause', 'ended'] as const) {
          this.addEventListener(event, () =>
            log.push({ event, src, at: this.currentTime, duration: this.duration }),
          );
        }
      }
      return play.call(this);
    };
  });
  return {
    events: () => page.evaluate(() => (window as unknown as { audioLog: AudioEvent[] }).audioLog),
    paused: (src: string) =>
      page.evaluate(
        (source) =>
          (window as unknown as { audioElements: Record<string, HTMLMediaElement> }).audioElements[source]
            ?.paused,
        src,
      ),
    /** Resolves once the audio of `src` has played for `seconds`. */
    playedFor: (src: string, seconds: number) =>
      page.waitForFunction(
        ([source, s]) => {
          const elements = (window as unknown as { audioElements: Record<string, HTMLMediaElement> })
            .audioElements;
          return (elements[source as string]?.currentTime ?? 0) >= (s as number);
        },
        [src, seconds] as const,
      ),
  };
}

const sentenceAudio = (entry: number, sentence: number) => (response: Response) =>
  new RegExp(`/api/test-calls/[0-9a-f-]+/replies/${entry}/audio/${sentence}$`).test(response.url());

test.describe('test call voice', () => {
  test('the test call speaks in the chosen voice from the server, and talking over it stops it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const audio = await recordAudio(page);
    await registerUser(page, { name: 'Voice Owner' });
    await subscribeWithFreeCoupon(page, baseURL!, 'pro');
    const number = await configureAgent(page, { companyName: 'Acme Plumbing', document: FAQ });
    const activate = await page.request.post('/api/agent/create-eleven-labs-agent', {
      multipart: { voice_id: VOICE },
      headers: await csrfHeaders(page.request),
    });
    expect(activate.status(), await activate.text()).toBe(200);

    await page.goto(`/phone?to=${encodeURIComponent(number)}`);
    const greetingAudio = page.waitForResponse(sentenceAudio(0, 0));
    const greetingNext = page.waitForResponse(sentenceAudio(0, 1));
    await page.getByRole('button', { name: 'Call', exact: true }).click();

    // The greeting's first sentence comes from the server, spoken in the chosen voice, and really plays.
    const first = await greetingAudio;
    expect(first.status()).toBe(200);
    expect(first.headers()['content-type']).toBe('audio/wav');
    expect(first.headers()['x-voice-id']).toBe(VOICE);
    expect((await first.body()).subarray(0, 4).toString('ascii')).toBe('RIFF');
    const speaking = page.getByTestId('agent-speaking');
    await expect(speaking).toBeVisible();
    await expect(page.getByTestId('agent-line').first()).toContainText('Thanks for calling Acme Plumbing');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/phone-agent-speaking-1366.png`, fullPage: true });
    // The next sentence is fetched while the first plays, and follows it.
    expect((await greetingNext).status()).toBe(200);
    await expect(speaking).toBeHidden({ timeout: 20_000 });
    const greetingEvents = await audio.events();
    expect(greetingEvents.filter((e) => e.event === 'ended')).toHaveLength(2);

    // A question: its answer starts playing; the caller talks over it after the first words.
    const answerAudio = page.waitForResponse(sentenceAudio(2, 0));
    await page.getByLabel('Say something').fill('What are your opening hours?');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = await answerAudio;
    expect(answer.headers()['x-voice-id']).toBe(VOICE);
    await expect(speaking).toBeVisible();
    await page.getByLabel('Say something').fill('Is there parking?');
    await audio.playedFor(answer.url(), 0.8);
    await page.getByRole('button', { name: 'Send' }).click();

    // The answer stopped part-way: marked as interrupted where the caller cut in, and the sentence playing then
    // was paused and never finished (nor did anything of the answer play after it).
    await expect(page.getByTestId('agent-line').nth(1)).toContainText('(interrupted)');
    await expect(page.getByTestId('agent-line').nth(1)).not.toContainText('Sundays');
    const events = (await audio.events()).filter((e) => /\/replies\/2\/audio\/\d+$/.test(e.src));
    const played = events.filter((e) => e.event === 'playing').map((e) => e.src);
    expect(played[0]).toBe(answer.url());
    const cut = played[played.length - 1]!;
    expect(events.filter((e) => e.src === cut).map((e) => e.event)).not.toContain('ended');
    expect(await audio.paused(cut)).toBe(true);
    await expect(page.getByTestId('agent-line').nth(2)).toContainText('Elm Street');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/phone-agent-interrupted-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Hang up' }).click();

    // The call record keeps what the caller heard of the interrupted answer.
    const history = (await (await page.request.get('/api/calls/history')).json()) as {
      calls: { transcript: { speaker: string; text: string; interrupted?: boolean }[] }[];
    };
    const interrupted = history.calls[0]!.transcript.find((e) => e.interrupted);
    expect(interrupted?.text).toMatch(/^We are open/);
    expect(interrupted?.text).not.toContain('Sundays');
  });
});
