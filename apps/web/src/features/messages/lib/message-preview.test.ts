import { describe, expect, it } from 'vitest';
import { messagePreview } from './message-preview';

describe('messagePreview', () => {
  it('keeps content of up to 60 characters as it is', () => {
    expect(messagePreview('Short note')).toBe('Short note');
    const sixty = 'x'.repeat(60);
    expect(messagePreview(sixty)).toBe(sixty);
  });

  it('cuts longer content to 60 characters and adds an ellipsis', () => {
    const text = `${'a'.repeat(60)}bcdef`;
    expect(messagePreview(text)).toBe(`${'a'.repeat(60)}…`);
  });

  it('counts characters, not UTF-16 units, so emoji are not split', () => {
    const text = '🙂'.repeat(61);
    const preview = messagePreview(text);
    expect(Array.from(preview)).toHaveLength(61);
    expect(preview.endsWith('🙂…')).toBe(true);
  });
});
