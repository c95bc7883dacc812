import { describe, expect, it } from 'vitest';
import { parseSyncText } from './sync-text';

describe('parseSyncText', () => {
  it('recognises the spec texts with and without a reason', () => {
    expect(parseSyncText('Failed to add user to CCcam server')).toEqual({ code: 'LINE_SERVER_ADD_FAILED' });
    expect(
      parseSyncText(
        'User was added to database but could not be added to CCcam server: connect ECONNREFUSED 127.0.0.1:3000',
      ),
    ).toEqual({ code: 'LINE_ADDED_NOT_SYNCED', reason: 'connect ECONNREFUSED 127.0.0.1:3000' });
    expect(parseSyncText('User was renewed in database but could not be renewed in CCcam server: x')).toEqual(
      {
        code: 'LINE_RENEWED_NOT_SYNCED',
        reason: 'x',
      },
    );
  });

  it('keeps any other text (an agent message) as it is', () => {
    expect(parseSyncText('Username may only contain printable ASCII characters')).toEqual({
      code: null,
      text: 'Username may only contain printable ASCII characters',
    });
  });
});
