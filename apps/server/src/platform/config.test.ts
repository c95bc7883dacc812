import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to the embedded database in ./data on port 8080', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.database.kind).toBe('embedded');
    expect(config.secureCookies).toBe(false);
  });

  it('resolves the data folder from where npm was started', () => {
    expect(loadConfig({ INIT_CWD: '/srv/linedesk' }).dataDir).toBe('/srv/linedesk/data');
    expect(loadConfig({ INIT_CWD: '/srv/linedesk', LINEDESK_DATA_DIR: '/var/lib/ld' }).dataDir).toBe(
      '/var/lib/ld',
    );
  });

  it('uses PostgreSQL for a postgres:// DATABASE_URL and secure cookies behind https', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/x',
      PUBLIC_URL: 'https://panel.example.com/',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/x',
      pool: { size: 10, waitMs: 10_000 },
    });
    expect(config.publicUrl).toBe('https://panel.example.com');
    expect(config.secureCookies).toBe(true);
  });

  it("reads the PostgreSQL pool's size and wait, and refuses one of no connections", () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/x',
      DATABASE_POOL_SIZE: '30',
      DATABASE_POOL_WAIT_MS: '2500',
    });
    expect(config.database).toMatchObject({ pool: { size: 30, waitMs: 2500 } });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db:5432/x', DATABASE_POOL_SIZE: '0' })).toThrow(
      /DATABASE_POOL_SIZE/,
    );
  });

  it('fails fast naming every bad variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', PORT: 'abc', LINEDESK_SECRET: 'short' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ DATABASE_URL: 'mysql://x', PORT: 'abc', LINEDESK_ADMIN_PASSWORD: 'short' });
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toContain('DATABASE_URL must be a postgres:// URL');
      expect(text).toContain('PORT');
      expect(text).toContain('LINEDESK_ADMIN_PASSWORD must be at least 8 characters');
    }
  });

  it('backs the embedded database up every 24 hours keeping 7, and never schedules backups of PostgreSQL', () => {
    expect(loadConfig({})).toMatchObject({ backupIntervalHours: 24, backupKeep: 7 });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '0', BACKUP_KEEP: '3' })).toMatchObject({
      backupIntervalHours: 0,
      backupKeep: 3,
    });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@db/x', BACKUP_INTERVAL_HOURS: '6' }).backupIntervalHours,
    ).toBe(0);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('looks for embedded tables due upkeep every 30 seconds, and leaves PostgreSQL to its autovacuum', () => {
    expect(loadConfig({}).embeddedMaintenanceIntervalSeconds).toBe(30);
    expect(
      loadConfig({ EMBEDDED_MAINTENANCE_INTERVAL_SECONDS: '0' }).embeddedMaintenanceIntervalSeconds,
    ).toBe(0);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@db/x', EMBEDDED_MAINTENANCE_INTERVAL_SECONDS: '5' })
        .embeddedMaintenanceIntervalSeconds,
    ).toBe(0);
    expect(() => loadConfig({ EMBEDDED_MAINTENANCE_INTERVAL_SECONDS: 'often' })).toThrow(
      /EMBEDDED_MAINTENANCE_INTERVAL_SECONDS must be a number of seconds/,
    );
  });

  it('reads live connections every 30 seconds unless told otherwise (0 = off)', () => {
    expect(loadConfig({}).lineConnectionsPollSeconds).toBe(30);
    expect(loadConfig({ LINE_CONNECTIONS_POLL_SECONDS: '0' }).lineConnectionsPollSeconds).toBe(0);
    expect(loadConfig({ LINE_CONNECTIONS_POLL_SECONDS: '2.5' }).lineConnectionsPollSeconds).toBe(2.5);
    for (const value of ['-1', 'soon', '3601']) {
      expect(() => loadConfig({ LINE_CONNECTIONS_POLL_SECONDS: value })).toThrow(
        /LINE_CONNECTIONS_POLL_SECONDS/,
      );
    }
  });
});

describe('TRUST_PROXY', () => {
  it('refuses "true", which would trust any X-Forwarded-For a client writes, naming the variable', () => {
    for (const value of ['true', 'yes', '127.0.0.1,not-an-ip', '10.0.0.0/33']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must name what to trust/);
    }
  });

  it('accepts a hop count or proxy addresses and CIDRs, and trusts nothing by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
    ]);
  });
});

describe('STRIPE_API_URL', () => {
  it("calls Stripe's own API unless told otherwise, and splits a stand-in's URL as the SDK takes it", () => {
    expect(loadConfig({}).paymentProviders).toEqual({
      stripe: { host: 'api.stripe.com', port: 443, protocol: 'https' },
      timeoutMs: 20_000,
    });
    expect(loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111' }).paymentProviders.stripe).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(() => loadConfig({ STRIPE_API_URL: 'api.stripe.com' })).toThrow(
      /STRIPE_API_URL must be a full URL/,
    );
  });
});

describe('METRICS_*', () => {
  it('keeps /api/metrics off unless a token or an address list is set', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, allowedAddresses: [] });
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token-1' }).metrics.token).toBe(
      'a-long-enough-token-1',
    );
    expect(
      loadConfig({ METRICS_ALLOWED_ADDRESSES: '10.0.0.5, 192.168.0.0/16' }).metrics.allowedAddresses,
    ).toEqual(['10.0.0.5', '192.168.0.0/16']);
  });

  it('refuses a short token and anything in the list that is not an address or CIDR', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
    for (const value of ['loopback', '10.0.0.0/33', 'prometheus.local', ',']) {
      expect(() => loadConfig({ METRICS_ALLOWED_ADDRESSES: value })).toThrow(
        /METRICS_ALLOWED_ADDRESSES must list/,
      );
    }
  });
});
