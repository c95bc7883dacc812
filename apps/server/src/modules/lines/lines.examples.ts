import type { Line, LineWriteResult } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';
import { lineCsvHeader } from './line-csv.js';

export const line: Line = {
  id: 42,
  username: 'shop-1042',
  password: 'k7Qp2mZx',
  protocol: 'cccam',
  host_port: ['tv.example.com:12000'],
  user_value: null,
  added_date: '2026-11-22',
  expiry_date: '2027-02-22',
  live_channel: 'Info',
  info: 'Info',
  notes: 'Paid by bank transfer',
  enabled: true,
  status: 'active',
  name: 'Anna Kowalska',
  company: null,
  role: null,
  avatar_url: null,
  email: 'anna@example.com',
  language: 'pl',
  owner_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  owner_email: 'reseller@example.com',
  server_id: 3,
  server_name: 'Frankfurt 1',
  newcamd_des_key: '0102030405060708091011121314',
  is_trial: false,
  subscription_months: 3,
  plan_id: 1,
  created_at: '2026-11-22T09:14:03.512Z',
  updated_at: '2026-11-22T09:14:03.512Z',
  sync_state: 'synced',
  sync_error: null,
  sync_error_code: null,
  sync_error_params: null,
  synced_at: '2026-11-22T09:14:03.790Z',
};

export const written: LineWriteResult = {
  line,
  sync: { ok: true, code: null, message: null, params: null },
  charged: 4,
  balance: 36,
};

export const lineExamples: RouteExamples = {
  'GET /api/lines': {
    query: {
      page: 1,
      page_size: 25,
      status: 'active',
      search: 'anna',
      sort: 'expiry_date',
      order: 'asc',
      counts: 'true',
    },
    response: {
      items: [line],
      total: 1,
      total_is_lower_bound: false,
      page: 1,
      page_size: 25,
      quick_counts: { expiring_soon: 4, expired: 12, online: 31, failing_sync: 0, sharing: 1 },
    },
  },
  'GET /api/lines/export.csv': {
    query: { status: 'expired' },
    rawResponse: {
      contentType: 'text/csv',
      example:
        lineCsvHeader() +
        'shop-1042,k7Qp2mZx,Frankfurt 1,expired,22-10-2026,22-07-2026,reseller@example.com,Paid by bank transfer,Anna Kowalska,anna@example.com,,tv.example.com:12000,no,3,synced,C: tv.example.com 12000 shop-1042 k7Qp2mZx\r\n',
    },
  },
  'POST /api/lines': {
    body: {
      username: 'shop-1042',
      password: 'k7Qp2mZx',
      subscription_months: 3,
      server_id: 3,
      name: 'Anna Kowalska',
      email: 'anna@example.com',
      language: 'pl',
      notes: 'Paid by bank transfer',
    },
    response: written,
    errors: [
      'LINE_CREDENTIALS_REQUIRED',
      'LINE_USERNAME_TAKEN',
      ['LINE_USERNAME_YOURS', { line_id: 1042, username: 'shop-1042' }],
      'LINE_INVALID_DURATION',
      ['LINE_PLAN_DURATION_NOT_OFFERED', { months: 3 }],
      'LINE_PLAN_NOT_FOUND',
      ['LINE_PLAN_PROTOCOL_NOT_ALLOWED', { protocol: 'NewCamd' }],
      ['INSUFFICIENT_CREDITS', { required: 4, available: 1 }],
      'LINE_NO_ACTIVE_SERVERS',
      ['LINE_TRIAL_LIMIT_REACHED', { limit: 5 }],
      'IDEMPOTENCY_KEY_REUSED',
    ],
  },
  'GET /api/lines/:id': { params: { id: 42 }, response: line, errors: ['LINE_NOT_FOUND'] },
  'PATCH /api/lines/:id': {
    params: { id: 42 },
    body: { password: 'n3wPass9', notes: 'Moved to the yearly plan' },
    response: { ...written, charged: 0, balance: null, line: { ...line, password: 'n3wPass9' } },
    errors: ['LINE_NOT_FOUND', 'LINE_EXPIRY_ADMIN_ONLY', 'LINE_INVALID_EXPIRY_DATE'],
  },
  'DELETE /api/lines/:id': {
    params: { id: 42 },
    response: { id: 42, sync: { ok: true, code: null, message: null, params: null } },
    errors: ['LINE_NOT_FOUND'],
  },
  'POST /api/lines/:id/renew': {
    params: { id: 42 },
    body: { subscription_months: 12 },
    response: {
      ...written,
      charged: 10,
      balance: 26,
      line: { ...line, expiry_date: '2028-02-22', subscription_months: 12 },
    },
    errors: [
      'LINE_NOT_FOUND',
      'LINE_INVALID_DURATION',
      ['LINE_EXPIRY_OUT_OF_RANGE', { expiry_date: '2100-01-15', last_date: '2099-12-31' }],
      ['INSUFFICIENT_CREDITS', { required: 10, available: 6 }],
      'IDEMPOTENCY_KEY_REUSED',
    ],
  },
  'POST /api/lines/:id/sync': {
    params: { id: 42 },
    response: {
      ...written,
      charged: 0,
      balance: null,
      line: {
        ...line,
        sync_state: 'failing',
        sync_error:
          'User was updated in database but could not be updated in CCcam server: connect ECONNREFUSED 10.0.0.3:3000',
        sync_error_code: 'LINE_UPDATED_NOT_SYNCED',
        sync_error_params: { reason: 'connect ECONNREFUSED 10.0.0.3:3000' },
      },
      sync: {
        ok: false,
        code: 'LINE_UPDATED_NOT_SYNCED',
        message:
          'User was updated in database but could not be updated in CCcam server: connect ECONNREFUSED 10.0.0.3:3000',
        params: { reason: 'connect ECONNREFUSED 10.0.0.3:3000' },
      },
    },
    errors: ['LINE_NOT_FOUND'],
  },
  'GET /api/lines/:id/events': {
    params: { id: 42 },
    response: {
      items: [
        {
          id: 981,
          action: 'renewed',
          actor_email: 'reseller@example.com',
          details: { subscription_months: 12, from: '2027-02-22', to: '2028-02-22', charged: 10 },
          created_at: '2026-12-01T17:02:44.120Z',
        },
        {
          id: 955,
          action: 'created',
          actor_email: 'reseller@example.com',
          details: { subscription_months: 3, charged: 4 },
          created_at: '2026-11-22T09:14:03.512Z',
        },
      ],
    },
    errors: ['LINE_NOT_FOUND'],
  },
  'GET /api/line-settings': {
    response: {
      trial_days: 1,
      trial_lines_per_day: 5,
      trial_lines_left_today: 3,
      business_time_zone: 'UTC',
      freezes_per_year: 2,
      freeze_max_days: 30,
      ended_line_action: 'off',
      ended_line_days: 30,
    },
  },
  'PUT /api/line-settings': {
    body: {
      trial_days: 3,
      trial_lines_per_day: 10,
      business_time_zone: 'Europe/Berlin',
      freezes_per_year: 3,
      ended_line_action: 'archive',
      ended_line_days: 60,
    },
    response: {
      trial_days: 3,
      trial_lines_per_day: 10,
      trial_lines_left_today: null,
      business_time_zone: 'Europe/Berlin',
      freezes_per_year: 3,
      freeze_max_days: 30,
      ended_line_action: 'archive',
      ended_line_days: 60,
    },
    errors: [
      'ADMIN_ONLY',
      'LINE_INVALID_TRIAL_DAYS',
      'LINE_INVALID_TRIAL_LIMIT',
      'LINE_INVALID_TIME_ZONE',
      'LINE_FREEZE_INVALID_SETTING',
      'LINE_ENDED_INVALID_SETTING',
    ],
  },
  'POST /api/servers/:id/reconcile': {
    params: { id: 3 },
    response: {
      server_id: 3,
      checked: 1250,
      added: 2,
      updated: 1,
      removed: 1,
      unchanged: 1246,
      failed: 0,
      held: 0,
    },
    errors: ['ADMIN_ONLY', 'SERVER_NOT_FOUND'],
  },
};
