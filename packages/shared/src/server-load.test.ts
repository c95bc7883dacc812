import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_ALERT_SETTINGS, serverLoadThresholds } from './server-load.js';

describe('serverLoadThresholds', () => {
  it("takes a server's own thresholds where it set them and the global ones elsewhere", () => {
    expect(serverLoadThresholds(DEFAULT_LOAD_ALERT_SETTINGS, { cpu_percent: 50, clients: 300 })).toEqual({
      ...DEFAULT_LOAD_ALERT_SETTINGS,
      cpu_percent: 50,
      clients: 300,
    });
  });

  it('keeps a metric the server stopped watching (null) unwatched, and follows the globals without overrides', () => {
    expect(serverLoadThresholds(DEFAULT_LOAD_ALERT_SETTINGS, { disk_percent: null }).disk_percent).toBeNull();
    expect(serverLoadThresholds(DEFAULT_LOAD_ALERT_SETTINGS, {})).toEqual(DEFAULT_LOAD_ALERT_SETTINGS);
    expect(serverLoadThresholds(DEFAULT_LOAD_ALERT_SETTINGS, null)).toEqual(DEFAULT_LOAD_ALERT_SETTINGS);
  });
});
