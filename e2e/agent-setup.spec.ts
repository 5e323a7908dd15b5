import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, registerUser, SHOTS, shownNumber, subscribeWithFreeCoupon, test } from './fixtures.ts';

const FIXTURES = path.resolve('src/server/features/knowledge/__fixtures__');
const fixture = (name: string) => path.join(FIXTURES, name);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const picker = (page: Page) => page.getByRole('radiogroup', { name: 'Phone Number *' });
const numberSearch = (page: Page) => page.getByLabel('Search numbers by area code or digits');

/** A random number still free (tests run in parallel on one server), found by its last digits and chosen. */
async function chooseFreeNumber(page: Page): Promise<string> {
  const available = await page.request.get('/api/twilio/available-numbers');
  const list = ((await available.json()) as { numbers: { phone_number: string }[] }).numbers;
  const number = list[Math.floor(Math.random() * list.length)]!.phone_number;
  await numberSearch(page).fill(number.slice(-4));
  await picker(page)
    .getByRole('radio', { name: shownNumber(number) })
    .check();
  return number;
}

test.describe('agent setup', () => {
  test('a subscriber configures an agent with a PDF, a DOCX and a TXT, sees them, then deletes the configuration', async ({
    page,
    baseURL,
  }) => {
    const user = await registerUser(page, { name: 'Harbor Owner' });
    await subscribeWithFreeCoupon(page, baseURL!);

    await page.goto('/configure');
    await expect(page.getByRole('heading', { name: 'Configure Your AI Phone Agent' })).toBeVisible();
    await expect(page.getByLabel('Contact Email *')).toHaveValue(user.email);
    await expect(page.getByText('Transfers calls to a live agent when needed')).toBeVisible();
    await expect(page.getByText(/choose a voice from 38\+ options/)).toBeVisible();
    await expect(numberSearch(page)).toBeEnabled();
    // Choices read "+1 555-010-xxxx - (555) 010-xxxx": the number, a dash, its friendly name.
    await expect(picker(page).getByRole('radio').first()).toHaveAccessibleName(
      /^\+1 555-010-\d{4} - \(555\) 010-\d{4}$/,
    );
    const number = await chooseFreeNumber(page);

    await page.getByLabel('Company Name *').fill('Harbor Bike Shop');
    await page.getByLabel('Transfer Phone Number (Optional)').fill('(415) 555-2671');
    await page
      .getByLabel('Company Documents')
      .setInputFiles([fixture('handbook.pdf'), fixture('policies.docx'), fixture('faq-utf8.txt')]);
    await expect(page.getByText('3 files selected')).toBeVisible();
    await page.getByRole('button', { name: 'Configure Agent' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/knowledge-base');
    await expect(page.getByRole('heading', { name: 'Current Documents (3)' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Documents' });
    for (const [name, file] of [
      ['handbook.pdf', 'handbook.pdf'],
      ['policies.docx', 'policies.docx'],
      ['faq-utf8.txt', 'faq-utf8.txt'],
    ] as const) {
      const item = list.getByRole('listitem').filter({ hasText: name });
      const size = readFileSync(fixture(file)).length;
      await expect(item).toContainText(size < 1024 ? `${size} B` : kb(size));
    }

    await page.goto('/configure');
    await expect(page.getByText(`Current number: ${shownNumber(number)}`)).toBeVisible();
    await expect(picker(page).getByRole('radio', { name: shownNumber(number) })).toBeChecked();
    await expect(page.getByLabel('Company Name *')).toHaveValue('Harbor Bike Shop');
    await expect(page.getByLabel('Transfer Phone Number (Optional)')).toHaveValue('+14155552671');

    await page.getByRole('button', { name: 'Delete Config' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Delete Configuration?' })).toBeVisible();
    await expect(dialog).toContainText('released back to the telephony provider');
    await expect(dialog).toContainText('configure a new agent afterwards');
    await dialog.getByRole('button', { name: 'Delete Configuration' }).click();
    await expect(
      page.getByText('Configuration deleted! You can now choose a new phone number.'),
    ).toBeVisible();

    // The form is reset (contact email from the user) and the released number is offered again.
    await expect(page.getByText(/Current number:/)).toHaveCount(0);
    await expect(page.getByLabel('Company Name *')).toHaveValue('');
    await expect(page.getByLabel('Contact Email *')).toHaveValue(user.email);
    await expect(numberSearch(page)).toBeEnabled();
    await numberSearch(page).fill(number.slice(-4));
    await expect(picker(page).getByRole('radio', { name: shownNumber(number) })).not.toBeChecked();
    const available = await page.request.get('/api/twilio/available-numbers');
    const numbers = ((await available.json()) as { numbers: { phone_number: string }[] }).numbers;
    expect(numbers.map((n) => n.phone_number)).toContain(number);
  });

  test('the knowledge base adds, refuses a bad file with its reason, and deletes documents', async ({
    page,
    baseURL,
  }) => {
    await registerUser(page);
    // Without an agent, the knowledge base sends the owner to /configure.
    await page.goto('/knowledge-base');
    await expect(page.getByText('Please configure your agent first')).toBeVisible();
    await expect(page).toHaveURL(/\/configure$/);

    await subscribeWithFreeCoupon(page, baseURL!);
    await page.reload();
    await page.getByLabel('Company Name *').fill('Café Lumière');
    await expect(numberSearch(page)).toBeEnabled();
    await chooseFreeNumber(page);
    await page.getByRole('button', { name: 'Configure Agent' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/knowledge-base');
    await expect(page.getByRole('heading', { name: 'Current Documents (0)' })).toBeVisible();
    await expect(page.getByText('No documents yet')).toBeVisible();
    await expect(page.getByText('updates automatically when documents are added or removed')).toBeVisible();

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('Please select files to upload')).toBeVisible();

    await page.getByLabel('Files to upload').setInputFiles([fixture('faq-utf8.txt'), fixture('scanned.pdf')]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(/scanned\.pdf: the PDF has no readable text/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Current Documents (0)' })).toBeVisible();

    await page
      .getByLabel('Files to upload')
      .setInputFiles([fixture('faq-utf8.txt'), fixture('policies.docx')]);
    await expect(page.getByText('2 files selected')).toBeVisible();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Current Documents (2)' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete faq-utf8.txt' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Delete Document?' })).toBeVisible();
    await expect(dialog).toContainText('no longer be able to use this document');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: 'Current Documents (1)' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Documents' })).toContainText('policies.docx');
    await expect(page.getByRole('list', { name: 'Documents' })).not.toContainText('faq-utf8.txt');

    // A saved website: two folders' pages both named index.html. Both are kept, the second one numbered.
    const page1 = '<h1>Rentals</h1><p>A city bike costs 20 dollars a day.</p>';
    const page2 = '<h1>Repairs</h1><p>A flat tyre is fixed while you wait.</p>';
    await page.getByLabel('Files to upload').setInputFiles([
      { name: 'index.html', mimeType: 'text/html', buffer: Buffer.from(page1) },
      { name: 'index.html', mimeType: 'text/html', buffer: Buffer.from(page2) },
    ]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('Files with the same name were numbered: index (2).html.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Current Documents (3)' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Documents' })).toContainText('index (2).html');
    await page.screenshot({ path: `${SHOTS}/knowledge-same-names.png`, fullPage: true });
  });
});
