import { describe, expect, it } from 'vitest';
import { clipboardText, troubleshootLines } from '../src/ui/troubleshootLines';

describe('troubleshootLines', () => {
  const timestamp = new Date('2026-11-22T00:00:00.000Z');

  it('leaves out an empty transaction id or user', () => {
    expect(troubleshootLines({ timestamp, transactionId: '', userName: null }).map((l) => l.text)).toEqual([
      'Timestamp: 2026-11-22T00:00:00.000Z',
    ]);
  });

  it('leaves out the timestamp when there is none (the dialog before any reply)', () => {
    expect(troubleshootLines({ timestamp: null, transactionId: 'abc', userName: 'jdoe' })).toEqual([
      { label: 'Client Transaction ID', value: 'abc', text: 'Client Transaction ID: abc' },
      { label: 'User', value: 'jdoe', text: 'User: jdoe' },
    ]);
    expect(troubleshootLines({ timestamp: null, transactionId: null, userName: '' })).toEqual([]);
  });

  it('joins the shown lines with newlines for the clipboard', () => {
    const lines = troubleshootLines({ timestamp, transactionId: 'abc', userName: 'jdoe' });
    expect(clipboardText(lines)).toBe(
      'Timestamp: 2026-11-22T00:00:00.000Z\nClient Transaction ID: abc\nUser: jdoe',
    );
  });
});
