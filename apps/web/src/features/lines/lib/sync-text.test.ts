import { describe, expect, it } from 'vitest';
import { parseSyncText } from './sync-text';

describe('parseSyncText', () => {
  it('translates by code, with and without parameters', () => {
    expect(
      parseSyncText({
        text: 'Failed to add user to CCcam server',
        code: 'LINE_SERVER_ADD_FAILED',
        params: null,
      }),
    ).toEqual({ code: 'LINE_SERVER_ADD_FAILED', params: {} });
    expect(
      parseSyncText({
        text: 'User was added to database but could not be added to CCcam server: connect ECONNREFUSED 127.0.0.1:3000',
        code: 'LINE_ADDED_NOT_SYNCED',
        params: { reason: 'connect ECONNREFUSED 127.0.0.1:3000' },
      }),
    ).toEqual({ code: 'LINE_ADDED_NOT_SYNCED', params: { reason: 'connect ECONNREFUSED 127.0.0.1:3000' } });
  });

  it("keeps the server's own message, and any text without a code, as it is", () => {
    expect(
      parseSyncText({
        text: 'Username may only contain printable ASCII characters',
        code: 'LINE_SERVER_ADD_FAILED',
        params: null,
      }),
    ).toEqual({ code: null, text: 'Username may only contain printable ASCII characters' });
    expect(
      parseSyncText({ text: 'User was renewed in database but could not be renewed in CCcam server: x' }),
    ).toEqual({
      code: null,
      text: 'User was renewed in database but could not be renewed in CCcam server: x',
    });
  });
});
