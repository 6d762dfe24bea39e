import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { PhoneInput } from './phone-input';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneInput label="Phone number" value={value} onChange={setValue} />
      <output aria-label="Value">{value}</output>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
const held = () => screen.getByRole('status', { name: 'Value' }).textContent;

describe('PhoneInput', () => {
  it('shows what is typed through the US mask', async () => {
    renderWithProviders(<Harness />);
    await userEvent.setup().type(input(), '5552223333');
    expect(input().value).toBe('(555) 222-3333');
    expect(held()).toBe('(555) 222-3333');
  });

  it('takes a number abroad when it starts with +', async () => {
    renderWithProviders(<Harness />);
    await userEvent.setup().type(input(), '+81 3 5555 0100');
    expect(input().value).toBe('+81355550100');
  });

  it('drops letters and extra digits, and a pasted +1 country code', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.type(input(), '55a5-22x2-333399');
    expect(input().value).toBe('(555) 222-3333');
    await user.clear(input());
    await user.click(input());
    await user.paste('+1 (555) 010-0000');
    expect(input().value).toBe('(555) 010-0000');
  });

  it('shows a stored number masked', () => {
    renderWithProviders(<Harness initial="5552223333" />);
    expect(input().value).toBe('(555) 222-3333');
  });
});
