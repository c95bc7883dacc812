import type { Line } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { addLineDefaults, addLineFormSchema, editLineDefaults, toCreateBody, toPatchBody } from './line-form';

const line: Line = {
  id: 7,
  username: 'alice',
  password: 'secret-1',
  protocol: 'cccam',
  host_port: ['203.0.113.5:12000'],
  user_value: null,
  added_date: '2025-01-01',
  expiry_date: '2025-02-01',
  live_channel: 'Info',
  info: 'Info',
  notes: null,
  enabled: true,
  status: 'active',
  name: 'Alice',
  company: null,
  role: null,
  avatar_url: null,
  email: null,
  language: null,
  owner_id: 'r1',
  owner_email: 'r@example.com',
  server_id: 1,
  server_name: 'Main',
  newcamd_des_key: '0102030405060708091011121314',
  is_trial: false,
  subscription_months: 1,
  plan_id: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  sync_state: 'synced',
  sync_error: null,
  sync_error_code: null,
  sync_error_params: null,
  synced_at: null,
};

describe('add line form', () => {
  it('asks for username and password with the spec text', () => {
    const result = addLineFormSchema.safeParse(addLineDefaults());
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'LINE_CREDENTIALS_REQUIRED',
      'LINE_CREDENTIALS_REQUIRED',
    ]);
  });

  it('sends a paid duration or a trial, the picked server, and empty extras as null', () => {
    const values = { ...addLineDefaults(), username: ' bob ', password: 'pw', subscription_months: 6 };
    expect(toCreateBody(values)).toEqual({
      username: 'bob',
      password: 'pw',
      subscription_months: 6,
      notes: null,
      name: null,
      email: null,
      language: null,
      company: null,
    });
    expect(toCreateBody({ ...values, is_trial: true, server_id: '3', name: 'Bob' })).toMatchObject({
      is_trial: true,
      server_id: 3,
      name: 'Bob',
    });
    expect(toCreateBody({ ...values, is_trial: true })).not.toHaveProperty('subscription_months');
  });

  it('refuses an unknown duration and a malformed email', () => {
    const base = { ...addLineDefaults(), username: 'a', password: 'b' };
    expect(addLineFormSchema.safeParse({ ...base, subscription_months: 2 }).error?.issues[0]?.message).toBe(
      'LINE_INVALID_DURATION',
    );
    expect(addLineFormSchema.safeParse({ ...base, email: 'nope' }).error?.issues[0]?.message).toBe(
      'INVALID_EMAIL',
    );
  });
});

describe('edit line form', () => {
  it('sends only what changed', () => {
    const values = editLineDefaults(line);
    expect(toPatchBody(values, line, true)).toEqual({});
    expect(
      toPatchBody(
        { ...values, notes: 'vip', expiry_date: '2026-01-01', host_port: ['203.0.113.5:12000', ' x:1 ', ''] },
        line,
        true,
      ),
    ).toEqual({ notes: 'vip', expiry_date: '2026-01-01', host_port: ['203.0.113.5:12000', 'x:1'] });
    expect(toPatchBody({ ...values, name: '' }, line, false)).toEqual({ name: null });
  });

  it('never sends an expiry date for a reseller', () => {
    expect(toPatchBody({ ...editLineDefaults(line), expiry_date: '2030-01-01' }, line, false)).toEqual({});
  });
});

describe('line credentials', () => {
  it('refuses what the agent could not write into its config, with the API texts', () => {
    const base = { ...addLineDefaults(), username: 'ok', password: 'ok' };
    expect(addLineFormSchema.safeParse({ ...base, username: 'two words' }).error?.issues[0]?.message).toBe(
      'LINE_INVALID_USERNAME',
    );
    expect(addLineFormSchema.safeParse({ ...base, password: 'a=b' }).error?.issues[0]?.message).toBe(
      'LINE_INVALID_PASSWORD',
    );
    expect(addLineFormSchema.safeParse(base).success).toBe(true);
  });
});
