import { DEFAULT_SHARING_SETTINGS } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { looksShared } from './sharing-settings.js';

describe('looksShared', () => {
  it('flags two addresses at once by default, and never one', () => {
    expect(looksShared(DEFAULT_SHARING_SETTINGS, 1, 50)).toBe(false);
    expect(looksShared(DEFAULT_SHARING_SETTINGS, 2, 2)).toBe(true);
  });

  it('flags more addresses in the window than the limit, only when a limit is set', () => {
    const limited = { ...DEFAULT_SHARING_SETTINGS, detect_simultaneous: false, max_ips_in_window: 3 };
    expect(looksShared(limited, 2, 3)).toBe(false);
    expect(looksShared(limited, 1, 4)).toBe(true);
    expect(looksShared({ ...limited, max_ips_in_window: 0 }, 1, 40)).toBe(false);
  });
});
