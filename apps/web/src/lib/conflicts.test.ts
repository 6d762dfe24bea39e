import { describe, expect, it } from 'vitest';
import { mergeAfterConflict } from './conflicts';

describe('mergeAfterConflict', () => {
  it('takes the fields the other person changed and keeps every other field as typed', () => {
    const loaded = { title: 'Year-end', dueDate: '2026-12-10', items: [{ title: 'W-2' }] };
    const mine = { title: 'Year-end documents', dueDate: '2026-12-10', items: [{ title: 'W-2' }] };
    const theirs = { title: 'Year-end', dueDate: '2026-12-20', items: [{ title: 'W-2' }, { title: '1099' }] };

    const { values, changed } = mergeAfterConflict(loaded, mine, theirs);

    expect(values).toEqual({
      title: 'Year-end documents',
      dueDate: '2026-12-20',
      items: [{ title: 'W-2' }, { title: '1099' }],
    });
    expect(changed).toEqual(['dueDate', 'items']);
  });
});
