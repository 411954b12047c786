import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RadioCards } from './radio-cards';

afterEach(cleanup);

describe('RadioCards', () => {
  it('names each radio by its label, describes it by its hint where it has one, and reports the pick', () => {
    const onChange = vi.fn();
    render(
      <RadioCards
        legend="Reason"
        name="reason"
        choices={[
          { value: 'spam', label: 'Spam' },
          { value: 'other', label: 'Something else', hint: 'Tell us in the note.' },
        ]}
        value="spam"
        onChange={onChange}
        compact
      />,
    );
    const group = screen.getByRole('group', { name: 'Reason' });
    const spam = within(group).getByRole('radio', { name: 'Spam' });
    const other = within(group).getByRole('radio', { name: 'Something else' });
    expect(spam).toHaveProperty('checked', true);
    expect(spam.hasAttribute('aria-describedby')).toBe(false);
    expect(document.getElementById(other.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Tell us in the note.',
    );
    fireEvent.click(other);
    expect(onChange).toHaveBeenCalledWith('other');
  });
});
