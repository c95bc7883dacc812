import { TICKET_ATTACHMENT_MAX_BYTES } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { checkAttachment, formatFileSize } from './attachment-file';

describe('checkAttachment', () => {
  it('accepts images and PDFs up to 5 MB', () => {
    expect(checkAttachment({ name: 'a.png', size: 10, type: 'image/png' })).toBeNull();
    expect(
      checkAttachment({ name: 'a.pdf', size: TICKET_ATTACHMENT_MAX_BYTES, type: 'application/pdf' }),
    ).toBeNull();
    expect(checkAttachment({ name: 'scan.JPG', size: 10, type: '' })).toBeNull();
  });

  it('refuses larger files, other types and empty files', () => {
    expect(checkAttachment({ name: 'a.png', size: TICKET_ATTACHMENT_MAX_BYTES + 1, type: 'image/png' })).toBe(
      'too-large',
    );
    expect(checkAttachment({ name: 'a.exe', size: 10, type: 'application/x-msdownload' })).toBe('wrong-type');
    expect(checkAttachment({ name: 'a.svg', size: 10, type: 'image/svg+xml' })).toBe('wrong-type');
    expect(checkAttachment({ name: 'notes', size: 10, type: '' })).toBe('wrong-type');
    expect(checkAttachment({ name: 'a.png', size: 0, type: 'image/png' })).toBe('empty');
  });
});

describe('formatFileSize', () => {
  it('uses MB, KB and B', () => {
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(1536 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(12)).toBe('12 B');
  });
});
