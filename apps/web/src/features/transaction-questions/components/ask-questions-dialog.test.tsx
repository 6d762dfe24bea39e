import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { AskQuestionsDialog, type QuestionTransaction } from './ask-questions-dialog';

const transactions: QuestionTransaction[] = [
  { id: 501, date: '2025-03-04', name: 'Staples #1022', amount: -86.4, isoCurrencyCode: 'USD' },
  { id: 502, date: '2025-03-06', name: 'Corner Cafe', amount: -23.1, isoCurrencyCode: 'USD' },
];
const categories = [
  { value: '3', label: 'Office supplies' },
  { value: '4', label: 'Meals' },
];

interface Sent {
  url: string;
  key: string | null;
  body: Record<string, unknown>;
}

function stubApi(answer: () => Response = () => jsonResponse({ items: [] })) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({
        url,
        key: new Headers(init?.headers).get('idempotency-key'),
        body: JSON.parse(String(init?.body)),
      });
      return answer();
    }),
  );
  return sent;
}

function renderDialog(onAsked = vi.fn(), onClose = vi.fn()) {
  renderWithProviders(
    <AskQuestionsDialog
      opened
      clientId={7}
      transactions={transactions}
      categories={categories}
      onClose={onClose}
      onAsked={onAsked}
    />,
  );
  return { onAsked, onClose };
}

describe('AskQuestionsDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks one question for all with a suggested category, under an Idempotency-Key', async () => {
    const sent = stubApi(() => jsonResponse({ items: [] }, { status: 201 }));
    const user = userEvent.setup();
    const { onAsked, onClose } = renderDialog();

    const dialog = await screen.findByRole('dialog', { name: 'Ask the client about 2 transactions' });
    await user.click(within(dialog).getByRole('button', { name: 'Ask' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'What were these for?');
    await user.click(within(dialog).getByRole('combobox', { name: 'Suggested category (optional)' }));
    await user.click(await screen.findByRole('option', { name: 'Office supplies', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Ask' }));

    await vi.waitFor(() => expect(onAsked).toHaveBeenCalled());
    expect(sent[0]!.url).toBe('/api/v1/document/clients/7/transaction-questions');
    expect(sent[0]!.body).toEqual({
      transactionIds: [501, 502],
      question: 'What were these for?',
      suggestedCategoryId: 3,
    });
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(onClose).toHaveBeenCalled();
  });

  it('asks one question per transaction, each labelled with its transaction', async () => {
    const sent = stubApi(() => jsonResponse({ items: [] }, { status: 201 }));
    const user = userEvent.setup();
    renderDialog();

    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'One question per transaction' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Question about Staples #1022 on 03\/04\/2025/ }),
      'Paper?',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Question about Corner Cafe/ }), 'Who was there?');
    await user.click(within(dialog).getByRole('button', { name: 'Ask' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      transactionIds: [501, 502],
      questions: [
        { transactionId: 501, question: 'Paper?' },
        { transactionId: 502, question: 'Who was there?' },
      ],
    });
  });

  it('says when a transaction already has an open question, keeps the text, and asks again with a new key', async () => {
    let refuse = true;
    const sent = stubApi(() =>
      refuse ? errorResponse(409, 'TRANSACTION_QUESTION_ALREADY_OPEN') : jsonResponse({ items: [] }, { status: 201 }),
    );
    const user = userEvent.setup();
    renderDialog();

    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByRole('textbox', { name: 'Question' });
    await user.type(text, 'What was this?');
    await user.click(within(dialog).getByRole('button', { name: 'Ask' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already have an open question');
    expect((text as HTMLTextAreaElement).value).toBe('What was this?');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Ask' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });
});
