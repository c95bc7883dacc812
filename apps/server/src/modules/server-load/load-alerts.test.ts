import { DEFAULT_LOAD_ALERT_SETTINGS } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { nextLoadAlerts, type LoadValues } from './load-alerts.js';

const settings = { ...DEFAULT_LOAD_ALERT_SETTINGS, cpu_percent: 80, clients: 100, for_minutes: 5 };
const calm: LoadValues = { cpu: 10, memory: 40, disk: 50, clients: 3 };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute));

describe('nextLoadAlerts', () => {
  it('raises once a metric stayed over its threshold for the set minutes, once, and recovers once', () => {
    const hot = { ...calm, cpu: 95 };
    const first = nextLoadAlerts({}, hot, settings, at(0));
    expect(first.changes).toEqual([]);
    expect(first.state.cpu).toEqual({ since: at(0).toISOString(), raised: false });

    const early = nextLoadAlerts(first.state, hot, settings, at(4));
    expect(early.changes).toEqual([]);
    const due = nextLoadAlerts(early.state, hot, settings, at(5));
    expect(due.changes).toEqual([{ metric: 'cpu', raised: true, value: 95, threshold: 80 }]);
    expect(nextLoadAlerts(due.state, hot, settings, at(9)).changes).toEqual([]);

    const back = nextLoadAlerts(due.state, calm, settings, at(10));
    expect(back.changes).toEqual([{ metric: 'cpu', raised: false, value: 10, threshold: 80 }]);
    expect(back.state).toEqual({});
    expect(nextLoadAlerts(back.state, calm, settings, at(11)).changes).toEqual([]);
  });

  it('forgets a short peak without a word, and starts the time again after it', () => {
    const peak = nextLoadAlerts({}, { ...calm, memory: 99 }, settings, at(0));
    const gone = nextLoadAlerts(peak.state, calm, settings, at(2));
    expect(gone.changes).toEqual([]);
    expect(gone.state).toEqual({});
  });

  it('keeps an unknown client count as it was, and recovers a metric no longer watched', () => {
    const raised = nextLoadAlerts({}, { ...calm, clients: 150 }, { ...settings, for_minutes: 0 }, at(0));
    expect(raised.changes).toEqual([{ metric: 'clients', raised: true, value: 150, threshold: 100 }]);
    expect(nextLoadAlerts(raised.state, { ...calm, clients: null }, settings, at(1)).state).toEqual(
      raised.state,
    );
    const unwatched = nextLoadAlerts(
      raised.state,
      { ...calm, clients: 150 },
      { ...settings, clients: null },
      at(2),
    );
    expect(unwatched.changes).toEqual([{ metric: 'clients', raised: false, value: 150, threshold: 0 }]);
  });
});
