import { describe, expect, it } from 'vitest';
import { detectAttachmentType, safeFileName } from './attachment-type.js';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectAttachmentType', () => {
  it('recognises the accepted types by their first bytes', () => {
    expect(detectAttachmentType(bytes([0x89], 'PNG\r\n\x1a\n', 'rest'))).toBe('image/png');
    expect(detectAttachmentType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(detectAttachmentType(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(detectAttachmentType(bytes('GIF87a'))).toBe('image/gif');
    expect(detectAttachmentType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(detectAttachmentType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses everything else, whatever it is called', () => {
    expect(detectAttachmentType(bytes('MZ', [0x90, 0, 3]))).toBeNull(); // Windows executable
    expect(detectAttachmentType(bytes([0x7f], 'ELF'))).toBeNull();
    expect(detectAttachmentType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(detectAttachmentType(bytes('<html><script>'))).toBeNull();
    expect(detectAttachmentType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(detectAttachmentType(bytes([0x89], 'PN'))).toBeNull(); // truncated signature
    expect(detectAttachmentType(new Uint8Array())).toBeNull();
  });
});

describe('safeFileName', () => {
  it("keeps the base name and gives it the real type's extension", () => {
    expect(safeFileName('screen shot.png', 'image/png')).toBe('screen shot.png');
    expect(safeFileName('virus.exe', 'image/png')).toBe('virus.png');
    expect(safeFileName('C:\\Users\\me\\report.final.pdf', 'application/pdf')).toBe('report.final.pdf');
    expect(safeFileName('../../etc/passwd', 'image/gif')).toBe('passwd.gif');
    expect(safeFileName('a"b;c\r\n.jpg', 'image/jpeg')).toBe('abc.jpg');
    expect(safeFileName(undefined, 'image/webp')).toBe('attachment.webp');
    expect(safeFileName('.png', 'image/png')).toBe('attachment.png');
  });
});
