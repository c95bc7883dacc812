import { describe, expect, it } from 'vitest';
import { displayDateFromToday, toAgentCallBody, type AgentCallFormValues } from './agent-call-form';

const values: AgentCallFormValues = {
  serverId: '1',
  endpoint: 'edit-user',
  username: 'alice',
  password: 'secret',
  expiryDate: '31-12-2030',
  newPassword: '',
  newExpiryDate: '01-01-2031',
  enabled: 'false',
};

describe('toAgentCallBody', () => {
  it('sends only what the endpoint takes and leaves out empty optional fields', () => {
    expect(toAgentCallBody(values)).toEqual({
      endpoint: 'edit-user',
      body: { username: 'alice', newExpiryDate: '01-01-2031', enabled: false },
    });
    expect(toAgentCallBody({ ...values, endpoint: 'add-user' })).toEqual({
      endpoint: 'add-user',
      body: { username: 'alice', password: 'secret', expiryDate: '31-12-2030' },
    });
    expect(toAgentCallBody({ ...values, endpoint: 'delete-user' })).toEqual({
      endpoint: 'delete-user',
      body: { username: 'alice' },
    });
    expect(toAgentCallBody({ ...values, endpoint: 'health' })).toEqual({ endpoint: 'health' });
  });
});

describe('displayDateFromToday', () => {
  it('formats DD-MM-YYYY across a month end', () => {
    expect(displayDateFromToday(30, new Date(2025, 0, 15))).toBe('14-02-2025');
  });
});
