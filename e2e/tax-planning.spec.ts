import { expect, test, type Page } from '@playwright/test';

/** Public and purely in the browser: no data is created, nothing is shared with other specs. */

async function answerIncome(page: Page, sales: string, netIncome: string) {
  await page.getByLabel('Total annual sales').fill(sales);
  await page.getByLabel('Annual net income').fill(netIncome);
  await page.getByRole('button', { name: 'Next' }).click();
}

async function startAsSoleOwner(page: Page) {
  await page.goto('/tax-planning');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax planning' })).toBeVisible();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

test('estimates the savings and then offers the plans', async ({ page }) => {
  await startAsSoleOwner(page);
  await answerIncome(page, '400,000', '100000');
  // Steps 3 to 6 move on as soon as they are answered.
  await page.getByRole('radio', { name: 'No' }).click();
  await page.getByRole('radio', { name: 'Own' }).click();
  await page.getByRole('radio', { name: '2' }).click();
  await page.getByRole('radio', { name: 'Yes' }).click();

  // 10.71% of 100,000 + 2,100 (house) + 2 × 3,600 (children) + 2,000 (driving), counted up over 4 s.
  await expect(page.getByText('$22,010', { exact: true })).toBeVisible({ timeout: 8_000 });
  await expect(page.getByRole('progressbar', { name: 'Calculating your savings' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByRole('heading', { name: 'Tax planning session' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Freedom plan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('link', { name: 'Pay monthly' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay annually' })).toBeVisible();
});

test('Previous clears the answer of the step it leaves', async ({ page }) => {
  await startAsSoleOwner(page);
  await answerIncome(page, '400000', '100000');
  await page.getByRole('radio', { name: 'Yes' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Do you own or rent your house?' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await page.getByRole('button', { name: 'Previous' }).click();
  // Leaving the S-Corp step cleared it, and leaving the income step now clears the figures.
  await expect(page.getByLabel('Annual net income')).toHaveValue('100000');
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Annual net income')).toHaveValue('');
});

test('"No" on the first question is out of scope; Go back resets the answer', async ({ page }) => {
  await page.goto('/tax-planning');
  await page.getByRole('radio', { name: 'No' }).check();
  const modal = page.getByRole('dialog', { name: 'Out of scope' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Go back' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('radio', { name: 'No' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

for (const netIncome of ['49999', '300001']) {
  test(`a net income of ${netIncome} is out of scope`, async ({ page }) => {
    await startAsSoleOwner(page);
    await answerIncome(page, '500000', netIncome);
    const modal = page.getByRole('dialog', { name: 'Out of scope' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Go back' }).click();
    // Still on the income step, the figures kept for correcting.
    await expect(page.getByLabel('Annual net income')).toHaveValue(netIncome);
    await answerIncome(page, '500000', '300000');
    await expect(page.getByRole('radiogroup', { name: 'Is your business incorporated as an S-Corp?' })).toBeVisible();
  });
}
