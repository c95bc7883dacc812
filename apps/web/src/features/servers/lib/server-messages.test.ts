import { describe, expect, it } from 'vitest';
import { parseServerMessage, stepsFromMessage } from './server-messages';

describe('parseServerMessage', () => {
  it('reads the parameter of each spec text', () => {
    expect(parseServerMessage('Connection successful')).toEqual({ kind: 'ok' });
    expect(parseServerMessage('Failed to connect to server: connect ECONNREFUSED 127.0.0.1:3000')).toEqual({
      kind: 'connectionFailed',
      reason: 'connect ECONNREFUSED 127.0.0.1:3000',
    });
    expect(parseServerMessage('Health check failed with status: 503')).toEqual({
      kind: 'healthFailed',
      status: '503',
    });
    expect(parseServerMessage('API Authentication failed. HTTP status: 401')).toEqual({
      kind: 'authFailed',
      status: '401',
    });
    expect(parseServerMessage('Authentication failed with status: 403')).toEqual({
      kind: 'authFailed',
      status: '403',
    });
    expect(parseServerMessage('CCcam server API is not responding. HTTP status: 500')).toEqual({
      kind: 'notResponding',
      status: '500',
    });
    expect(
      parseServerMessage('Server configuration is incomplete. Missing fields: host_ip, password'),
    ).toEqual({ kind: 'configIncomplete', fields: 'host_ip, password' });
  });

  it('passes anything else through unchanged', () => {
    expect(parseServerMessage('Something odd')).toEqual({ kind: 'other', text: 'Something odd' });
  });
});

describe('stepsFromMessage', () => {
  it('marks the health step passed only when the failure came after it', () => {
    expect(stepsFromMessage({ kind: 'ok' })).toEqual({ health: true, auth: true });
    expect(stepsFromMessage({ kind: 'authFailed', status: '401' })).toEqual({ health: true, auth: false });
    expect(stepsFromMessage({ kind: 'connectionFailed', reason: 'x' })).toEqual({
      health: false,
      auth: false,
    });
  });
});
