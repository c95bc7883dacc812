import { describe, expect, it } from 'vitest';
import {
  checkExtra,
  checkRestrictions,
  isAllowedTimeframe,
  oscamKeyValues,
  readCccamFLine,
  readConfigEntries,
  readOscamAccount,
  renderCccamFLine,
  renderEntry,
  renderOscamAccount,
} from './line-config-files';

const OSCAM_DEFAULTS = { group: '1' };
const CCCAM_DEFAULTS = { uphops: 1, shareEmus: 0, allowEmm: 0, lineSuffix: '{ 0:0:2 }' };

/** A section's keys and values as OSCam reads them (keys in lower case). */
const keyValues = (lines: readonly string[]) => oscamKeyValues(lines).values;

const WEBIF_ACCOUNT = [
  'user                          = bob',
  'pwd                           = bob-pw',
  'description                   = Bob (reseller Anna)',
  'disabled                      = 0',
  'expdate                       = 2027-03-31',
  'allowedtimeframe              = MON@08:00-20:00;TUE@08:00-20:00;SAT@10:00-12:00,14:00-24:00',
  'group                         = 1,3,10',
  '# moved from the old box',
  'au                            = reader_sky,reader_hd',
  'services                      = sky_de,!adult',
  'chid                          = 0B00:0001',
  'uniq                          = 3',
  'max_connections               = 2',
  'caid                          = 0B00',
  'ident                         = 0B00:000000',
  'sleep                         = 30',
  'keepalive                     = 1',
];

describe('reading an OSCam [account] section', () => {
  it('models the keys the panel knows and keeps every other line verbatim', () => {
    const entry = readOscamAccount(WEBIF_ACCOUNT);
    expect(entry).toMatchObject({
      username: 'bob',
      password: 'bob-pw',
      expiryDate: '2027-03-31',
      enabled: true,
      problems: [],
    });
    expect(entry.restrictions).toEqual({
      max_connections: 2,
      uniq: 3,
      caids: [{ caid: '0B00', idents: ['000000'] }],
      groups: [1, 3, 10],
      services: ['sky_de', '!adult'],
      allowed_timeframe: 'MON@08:00-20:00;TUE@08:00-20:00;SAT@10:00-12:00,14:00-24:00',
      au: 'reader_sky,reader_hd',
    });
    expect(entry.extra).toEqual({
      oscam: [
        'description                   = Bob (reseller Anna)',
        '# moved from the old box',
        'chid                          = 0B00:0001',
        'sleep                         = 30',
        'keepalive                     = 1',
      ],
    });
  });

  it('writes back every key and value it read', () => {
    const entry = readOscamAccount(WEBIF_ACCOUNT);
    const written = renderOscamAccount(
      { ...entry, password: entry.password ?? '', served: entry.enabled },
      OSCAM_DEFAULTS,
    );
    expect(written[0]).toBe('[account]');
    expect(keyValues(written)).toEqual(keyValues(WEBIF_ACCOUNT));
    expect(written).toContain('# moved from the old box');
  });

  it('keeps a modeled key whose value the panel cannot hold in extra, as written', () => {
    const lines = [
      'user = carol',
      'pwd = carol-pw',
      'group = 2, 1',
      'caid = 0b00',
      'ident = 0b00:000000',
      'max_connections = 02',
      'allowedtimeframe = ',
      'au = ',
      'allowedprotocols = cccam,camd33',
    ];
    const entry = readOscamAccount(lines);
    expect(entry.problems).toEqual([]);
    expect(entry.restrictions).toEqual({});
    expect(entry.extra).toEqual({ oscam: lines.slice(2) });
    const written = renderOscamAccount({ ...entry, password: 'carol-pw', served: true }, OSCAM_DEFAULTS);
    // Its own group line wins over the agent's default group.
    expect(written.filter((line) => /^group/.test(line))).toEqual(['group = 2, 1']);
    const expected = keyValues(lines);
    expected.set('disabled', '0');
    expect(keyValues(written)).toEqual(expected);
  });

  it('reads an account without a group line as one with no groups, and writes none', () => {
    const entry = readOscamAccount(['user = dan', 'pwd = dan-pw']);
    expect(entry.restrictions).toEqual({ groups: [] });
    const written = renderOscamAccount({ ...entry, password: 'dan-pw', served: true }, OSCAM_DEFAULTS);
    expect(written).toEqual(['[account]', 'user = dan', 'pwd = dan-pw', 'disabled = 0']);
  });

  it('reports only real conflicts', () => {
    const problems = (lines: string[]) => readOscamAccount(lines).problems.map((problem) => problem.code);
    expect(problems(['pwd = x'])).toEqual(['NO_USERNAME']);
    expect(problems(['user = a'])).toEqual(['NO_PASSWORD']);
    expect(problems(['user = a', 'pwd = with space'])).toEqual(['PASSWORD_UNSAFE']);
    expect(problems(['user = a{b}', 'pwd = x'])).toEqual(['USERNAME_UNSAFE']);
    expect(problems(['user = a', 'pwd = x', 'disabled = 2'])).toEqual(['DISABLED_INVALID']);
    expect(problems(['user = a', 'pwd = x', 'expdate = someday'])).toEqual(['EXPDATE_INVALID']);
    expect(problems(['user = a', 'pwd = x', 'expdate = 2025-02-30'])).toEqual(['EXPDATE_INVALID']);
    expect(problems(['user = a', 'pwd = x', 'uniq = 1', 'UNIQ = 2'])).toEqual(['KEYS_REPEATED']);
    expect(problems(['user = a', 'pwd = x', 'betatunnel = 1833.007A:1702', 'cacheex = 1'])).toEqual([]);
  });

  it('reads OSCam expdates as OSCam does (slashes, one-digit month)', () => {
    expect(readOscamAccount(['user = a', 'pwd = x', 'expdate = 2026/1/5']).expiryDate).toBe('2026-01-05');
    expect(readOscamAccount(['user = a', 'pwd = x', 'expdate =']).expiryDate).toBeNull();
  });
});

describe('reading a whole file', () => {
  it('gives each entry its exact text and flags a name given twice', () => {
    const text = [
      '# oscam.user',
      '[reader]',
      'label = local',
      '',
      '[account]',
      'user = a',
      '# note inside',
      'pwd = x',
      '',
      '# about b',
      '[account]',
      'user = b',
      'pwd = y',
      '[account]',
      'user = a',
      'pwd = z',
      '',
    ].join('\r\n');
    const entries = readConfigEntries('oscam', text);
    expect(entries.map((entry) => entry.username)).toEqual(['a', 'b', 'a']);
    expect(entries[0]!.text).toBe('[account]\r\nuser = a\r\n# note inside\r\npwd = x\r\n');
    expect(entries[0]!.extra).toEqual({ oscam: ['# note inside'] });
    expect(entries[1]!.problems).toEqual([]);
    expect(entries[0]!.problems.map((problem) => problem.code)).toEqual(['DUPLICATE_USERNAME']);
    expect(entries[2]!.problems[0]?.message).toBe('The file has 2 entries for this username');

    const cccam = readConfigEntries('cccam', 'F: a x\n#F: b y\nC: host 1 u p\n  F: c z 1 0 0\n');
    expect(cccam.map((entry) => [entry.username, entry.text])).toEqual([
      ['a', 'F: a x'],
      ['c', '  F: c z 1 0 0'],
    ]);
  });
});

describe('CCcam F-lines', () => {
  const lines = [
    'F: full full-pw 2 1 1 { 0:0:1, 0100:000080:0 } { 0100:000080:1FA3 } { 08:00-22:00 } box.example.com # Ed',
    'F:   spaced   spaced-pw   1 0 0 {0:0:2}',
    'F: bare bare-pw',
    'F: deny deny-pw 1 0 0 { 0100:000000 } { } { }',
  ];

  it('keeps the text after the password as extra and models uphops and the reshare limit', () => {
    expect(readCccamFLine(lines[0]!)).toEqual({
      username: 'full',
      password: 'full-pw',
      expiryDate: null,
      enabled: true,
      restrictions: { cccam_hops: 2, cccam_reshare: 1 },
      extra: {
        cccam: ' 2 1 1 { 0:0:1, 0100:000080:0 } { 0100:000080:1FA3 } { 08:00-22:00 } box.example.com # Ed',
      },
      problems: [],
    });
    expect(readCccamFLine(lines[2]!)).toMatchObject({ restrictions: {}, extra: { cccam: '' }, problems: [] });
    expect(readCccamFLine(lines[3]!)?.restrictions).toEqual({ cccam_hops: 1 });
    expect(readCccamFLine('F: nopass')?.problems.map((problem) => problem.code)).toEqual(['NO_PASSWORD']);
    expect(readCccamFLine('C: host 1 u p')).toBeNull();
  });

  it('writes every field back, with only a changed hops or reshare in place', () => {
    for (const line of lines) {
      const entry = readCccamFLine(line)!;
      const written = renderCccamFLine({ ...entry, password: entry.password!, served: true }, CCCAM_DEFAULTS);
      expect(written.split(/\s+/)).toEqual(line.trim().split(/\s+/));
    }
    const full = readCccamFLine(lines[0]!)!;
    expect(
      renderCccamFLine(
        { ...full, password: 'full-pw', served: true, restrictions: { cccam_hops: 3, cccam_reshare: 0 } },
        CCCAM_DEFAULTS,
      ),
    ).toBe(
      'F: full full-pw 3 1 1 { 0:0:0, 0100:000080:0 } { 0100:000080:1FA3 } { 08:00-22:00 } box.example.com # Ed',
    );
    // A field the line does not have is not added.
    expect(
      renderCccamFLine(
        {
          username: 'bare',
          password: 'bare-pw',
          expiryDate: null,
          served: true,
          extra: { cccam: '' },
          restrictions: { cccam_hops: 3 },
        },
        CCCAM_DEFAULTS,
      ),
    ).toBe('F: bare bare-pw');
  });

  it('writes a line without extra with the agent defaults', () => {
    expect(
      renderEntry(
        'cccam',
        {
          username: 'n',
          password: 'p',
          expiryDate: '2030-01-01',
          served: true,
          restrictions: { cccam_reshare: 1 },
        },
        { cccam: CCCAM_DEFAULTS },
      ),
    ).toBe('F: n p 1 0 0 { 0:0:1 }');
  });
});

describe('restrictions', () => {
  it('checks the four OSCam package keys against OSCam syntax', () => {
    expect(
      checkRestrictions({
        groups: [1, 64],
        services: ['sky', '!adult'],
        allowed_timeframe: '22:00-06:00',
        au: '1',
      }),
    ).toEqual({
      ok: true,
      value: { groups: [1, 64], services: ['sky', '!adult'], allowed_timeframe: '22:00-06:00', au: '1' },
    });
    expect(checkRestrictions({ groups: [] })).toEqual({ ok: true, value: { groups: [] } });
    for (const bad of [
      { groups: [0] },
      { groups: [65] },
      { groups: [1, 1] },
      { services: [] },
      { services: ['two words'] },
      { services: ['a,b'] },
      { allowed_timeframe: '8-20' },
      { allowed_timeframe: '25:00-26:00' },
      { allowed_timeframe: 'XYZ@08:00-10:00' },
      { au: 'reader one' },
      { au: '' },
      { colour: 'red' },
    ]) {
      expect(checkRestrictions(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it('reads allowedtimeframe as OSCam does', () => {
    for (const good of [
      '08:00-20:00',
      '8:00-20:00',
      'mon@08:00-12:00,13:00-17:00',
      'ALL@00:00-24:00',
      'SUN@22:00-02:00;SAT@00:00-23:59',
    ]) {
      expect(isAllowedTimeframe(good), good).toBe(true);
    }
    for (const bad of [
      '',
      '08:00',
      '08:00-24:01',
      '24:00-10:00',
      'MON@',
      'MONDAY@08:00-10:00',
      // OSCam finds one day name per part; a list of days is warned about and dropped.
      'MON,TUE@08:00-20:00',
      '08:60-09:00',
      '08:00-20:00;',
    ]) {
      expect(isAllowedTimeframe(bad), bad).toBe(false);
    }
  });
});

describe('extra', () => {
  it('takes text that keeps the file intact', () => {
    expect(checkExtra({ oscam: ['description = x', '# note'] }, 'oscam')).toEqual({
      ok: true,
      value: { oscam: ['description = x', '# note'] },
    });
    expect(checkExtra({ cccam: ' 1 0 0 { 0:0:2 }' }, 'cccam').ok).toBe(true);
    expect(checkExtra({ cccam: '' }, 'cccam').ok).toBe(true);
    for (const [raw, format] of [
      [{ cccam: ' 1' }, 'oscam'],
      [{ oscam: ['[reader]'] }, 'oscam'],
      [{ oscam: ['pwd = other'] }, 'oscam'],
      [{ oscam: ['sleep = 1', 'SLEEP = 2'] }, 'oscam'],
      [{ oscam: ['a = 1\nuser = b'] }, 'oscam'],
      [{ oscam: ['# END linedesk-agent managed entries'] }, 'oscam'],
      [{ cccam: '1 0 0' }, 'cccam'],
      [{ cccam: ' 1\nF: x y' }, 'cccam'],
    ] as const) {
      expect(checkExtra(raw, format).ok, JSON.stringify(raw)).toBe(false);
    }
  });
});
