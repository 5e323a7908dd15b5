import type { Page } from '@playwright/test';
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

const WARRANTY = `# Warranty
Every boiler we install carries a warranty on parts and labour for five years.

# Emergency call-outs
We charge 150 dollars for an emergency call-out at night.`;

const SUMMARY =
  /^Your agent answers (\d+) of (\d+) questions from your documents and declines (\d+) of (\d+) it shouldn't answer\.$/;

/** The panel's figures: [answered, asked from the documents, declined, probes]. */
async function figures(page: Page): Promise<[number, number, number, number]> {
  const text = (await page.getByTestId('self-test-summary').textContent()) ?? '';
  const m = SUMMARY.exec(text.trim());
  if (!m) throw new Error(`unexpected summary: ${text}`);
  const [answered, asked, declined, probes] = m.slice(1).map(Number) as [number, number, number, number];
  return [answered, asked, declined, probes];
}

test.describe('self-test', () => {
  test('the dashboard shows what the agent answers from the documents, and updates after a document is deleted', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await registerUser(page, { name: 'Test Owner' });
    await subscribeWithFreeCoupon(page, baseURL!, 'pro');
    await configureAgent(page, { companyName: 'Acme Plumbing', document: FAQ });
    await activateAgent(page);

    // An upload on the knowledge base page: the self-test runs in the background once its passages are processed.
    await page.goto('/knowledge-base');
    await expect(page.getByRole('heading', { name: 'Current Documents (1)' })).toBeVisible();
    await page
      .getByLabel('Files to upload')
      .setInputFiles({ name: 'warranty.txt', mimeType: 'text/plain', buffer: Buffer.from(WARRANTY) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(/Document uploaded: warranty\.txt/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Current Documents (2)' })).toBeVisible();

    await page.goto('/dashboard');
    const panel = page.getByTestId('self-test-panel');
    await expect(panel.getByTestId('self-test-summary')).toHaveText(SUMMARY, { timeout: 60_000 });
    // The latest change is in the test the panel shows.
    await expect(panel.getByTestId('self-test-ran')).toContainText('on your current documents', {
      timeout: 30_000,
    });
    const [answered, asked, declined, probes] = await figures(page);
    expect(asked).toBeGreaterThanOrEqual(15);
    expect(answered).toBeGreaterThan(asked / 2);
    expect(probes).toBe(10);
    expect(declined).toBeGreaterThan(probes / 2);
    await panel.scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 1366, height: 900 });
    // Whole pages: an element screenshot of the tall panel would catch the sticky header over it.
    await page.screenshot({ path: `${SHOTS}/self-test-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/self-test-phone.png`, fullPage: true });
    await page
      .getByTestId('agent-config-card')
      .screenshot({ path: `${SHOTS}/self-test-agent-card-phone.png` });
    await page.setViewportSize({ width: 1366, height: 900 });
    // Per question: what the agent would say and from which document and section.
    const hours = panel.getByTestId('self-test-item').filter({ hasText: '“When are you open?”' });
    await panel.getByRole('button', { name: /^Show all/ }).click();
    await expect(hours).toContainText('Answers');
    await expect(hours).toContainText('Monday to Friday');
    await expect(hours).toContainText('From faq.txt · Opening hours');
    const charge = panel
      .getByTestId('self-test-item')
      .filter({ hasText: '“How much do you charge for an emergency call out at night?”' });
    await expect(charge).toContainText('150 dollars');
    await expect(charge).toContainText('From warranty.txt · Emergency call-outs');
    // The agent card says when it ran, on the current documents.
    await expect(page.getByTestId('agent-self-test')).toContainText('on your current documents');

    // What it declines.
    await panel.getByRole('tab', { name: /Outside your documents/ }).click();
    await expect(
      panel.getByTestId('self-test-item').filter({ hasText: '“Are you hiring at the moment?”' }),
    ).toContainText('Declines');
    await panel.screenshot({ path: `${SHOTS}/self-test-outside-desktop.png` });
    await panel.getByRole('tab', { name: /From your documents/ }).click();
    await panel.getByRole('button', { name: /^Show all/ }).click();

    // The owner marks an answer wrong: it becomes a question to answer on /knowledge-gaps.
    await hours.getByRole('button', { name: 'Mark wrong' }).click();
    await expect(page.getByText('Marked wrong. The question is now in your list')).toBeVisible();
    await expect(hours.getByTestId('self-test-marked')).toBeVisible();
    await hours.getByTestId('self-test-marked').click();
    await expect(page).toHaveURL(/\/knowledge-gaps$/);
    const gap = page.getByTestId('gap-group').filter({ hasText: 'When are you open?' });
    await expect(gap).toContainText('Marked wrong in the self-test');

    // Deleting a document: the figures update, without the deleted document's questions.
    await page.goto('/knowledge-base');
    await page.getByRole('button', { name: 'Delete warranty.txt' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: 'Current Documents (1)' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(async () => {
      const after = await figures(page);
      expect(after[1]).toBeLessThan(asked);
    }).toPass({ timeout: 60_000 });
    await expect(panel.getByTestId('self-test-ran')).toContainText('on your current documents');
    await panel.getByRole('button', { name: /^Show all/ }).click();
    await expect(panel).not.toContainText('warranty.txt');
    await expect(page.getByTestId('agent-self-test')).toContainText('on your current documents');
  });
});
