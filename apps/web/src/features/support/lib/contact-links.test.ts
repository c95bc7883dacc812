import { describe, expect, it } from 'vitest';
import { telegramLink, whatsappLink } from './contact-links';

describe('telegramLink', () => {
  it('links a username with or without @, or a t.me address', () => {
    expect(telegramLink('@linedesk_support')).toBe('https://t.me/linedesk_support');
    expect(telegramLink('linedesk')).toBe('https://t.me/linedesk');
    expect(telegramLink('https://t.me/linedesk')).toBe('https://t.me/linedesk');
  });
  it('does not link anything else', () => {
    expect(telegramLink('javascript:alert(1)')).toBeNull();
    expect(telegramLink('ask in the group')).toBeNull();
  });
});

describe('whatsappLink', () => {
  it('keeps only the digits of a phone number', () => {
    expect(whatsappLink('+44 20 7946-0000')).toBe('https://wa.me/442079460000');
    expect(whatsappLink('https://wa.me/351912345678')).toBe('https://wa.me/351912345678');
  });
  it('does not link text that is no phone number', () => {
    expect(whatsappLink('call us')).toBeNull();
    expect(whatsappLink('123')).toBeNull();
  });
});
