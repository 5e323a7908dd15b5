import {
  activateAgent,
  configureAgent,
  expect,
  FAQ,
  registerUser,
  SHOTS,
  subscribeWithFreeCoupon,
  test,
} from './fixtures.ts';

const PROGRESS = /^Reading your documents: ([\d,]+) of ([\d,]+) passages$/;

/** A handbook of `entries` question-and-answer passages, with words of its own so no earlier vector is reused. */
function handbook(entries: number): string {
  const run = Math.random().toString(36).slice(2, 8);
  const topics = ['delivery', 'parking', 'repairs', 'refunds', 'bookings', 'gift cards', 'warranty', 'tyres'];
  return Array.from({ length: entries }, (_, i) => {
    const topic = topics[i % topics.length]!;
    return (
      `How does ${topic} work for order ${run}-${i}?\n` +
      `For order ${run}-${i}, ${topic} is handled by our team within ${(i % 9) + 1} days of your call. ` +
      `Ask at the counter about ${topic} option ${i} and bring reference ${run}${i} with you.`
    );
  }).join('\n\n');
}

test.describe('reading the documents', () => {
  test('the knowledge base page and the agent card show how far the agent has read, then ready', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    await registerUser(page, { name: 'Test Owner' });
    await subscribeWithFreeCoupon(page, baseURL!, 'pro');
    await configureAgent(page, { companyName: 'Harbor Bikes', document: FAQ });
    await activateAgent(page);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/knowledge-base');
    await expect(page.getByRole('heading', { name: 'Current Documents (1)' })).toBeVisible();
    await page.getByLabel('Files to upload').setInputFiles({
      name: 'handbook.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(handbook(500)),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(/Document uploaded: handbook\.txt/)).toBeVisible({ timeout: 30_000 });

    // While the vectors are computed: "Reading your documents: N of M passages", with a bar.
    // The FAQ's own few passages may still be in reading when the upload lands: wait for the count to take in the
    // handbook's 500.
    const progress = page.getByTestId('reading-progress');
    const shown = async () => {
      const match = PROGRESS.exec(((await progress.getByRole('status').textContent()) ?? '').trim());
      return match
        ? { read: Number(match[1]!.replace(/,/g, '')), total: Number(match[2]!.replace(/,/g, '')) }
        : null;
    };
    await expect
      .poll(async () => (await shown())?.total ?? 0, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(500);
    const { read, total: passagesTotal } = (await shown())!;
    expect(read).toBeLessThan(passagesTotal);
    await expect(progress.getByRole('progressbar', { name: 'Reading your documents' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/reading-progress-knowledge-base.png`, fullPage: true });

    // The agent card on the dashboard says the same, and counts up.
    await page.goto('/dashboard');
    const card = page.getByTestId('agent-config-card');
    await expect(card.getByTestId('reading-progress').getByRole('status')).toHaveText(PROGRESS);
    await card.screenshot({ path: `${SHOTS}/reading-progress-agent-card.png` });
    // Null while the embedded database asks a request to come back (503 with Retry-After, busy embedding).
    const api = async () => {
      const response = await page.request.get('/api/agent/knowledge-base');
      if (!response.ok()) return null;
      return (
        (await response.json()) as {
          reading: { passages_read: number; passages_total: number; ready: boolean };
        }
      ).reading;
    };
    let first: Awaited<ReturnType<typeof api>> = null;
    await expect.poll(async () => (first = await api())).not.toBeNull();
    await expect
      .poll(async () => (await api())?.passages_read ?? 0, { timeout: 120_000 })
      .toBeGreaterThan(first!.passages_read);

    // Once every passage is read the progress goes away by itself (the pages poll while it shows).
    await expect(card.getByTestId('reading-progress')).toBeHidden({ timeout: 240_000 });
    await expect
      .poll(api)
      .toEqual({ passages_read: passagesTotal, passages_total: passagesTotal, ready: true });
    await card.screenshot({ path: `${SHOTS}/reading-progress-agent-card-ready.png` });
    await page.goto('/knowledge-base');
    await expect(page.getByRole('heading', { name: 'Current Documents (2)' })).toBeVisible();
    await expect(page.getByTestId('reading-progress')).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/reading-progress-knowledge-base-ready.png`, fullPage: true });
  });
});
