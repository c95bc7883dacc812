import { describe, expect, it } from 'vitest';
import { portalConnectionLines, receiverSettings } from './portal.js';

const line = {
  username: 'cust01',
  password: 'pw9',
  hostPort: ['cs.example.net:12000', '[2001:db8::1]:13000'],
};

describe('receiver settings', () => {
  it('gives a CCcam server its C: line and an OSCam cccam reader', () => {
    const settings = receiverSettings(line, 'CCcam', null);
    expect(settings.map((s) => s.kind)).toEqual(['cccam_line', 'oscam_cccam']);
    // One C: line and one reader per address (a server and its standby: docs/standby.md).
    expect(settings[0]!.text).toBe('C: cs.example.net 12000 cust01 pw9\nC: 2001:db8::1 13000 cust01 pw9');
    expect(settings[1]!.text).toContain(
      'label = cust01\nprotocol = cccam\ndevice = cs.example.net,12000\nuser = cust01\npassword = pw9',
    );
    expect(settings[1]!.text).toContain(
      'label = cust01_2\nprotocol = cccam\ndevice = 2001:db8::1,13000\nuser = cust01\npassword = pw9',
    );
  });

  it("gives a NewCamd server its N: line and an OSCam newcamd reader with the server's DES key", () => {
    const key = '0A0B0C0D0E0F101112131415161A';
    const settings = receiverSettings(line, 'NewCamd', key);
    expect(settings.map((s) => s.kind)).toEqual(['newcamd_line', 'oscam_newcamd']);
    expect(settings[0]!.text.split('\n')[0]).toBe(
      'N: cs.example.net 12000 cust01 pw9 0A 0B 0C 0D 0E 0F 10 11 12 13 14 15 16 1A',
    );
    expect(settings[1]!.text.match(/\[reader\]/g)).toHaveLength(2);
    expect(settings[1]!.text).toContain(`protocol = newcamd`);
    expect(settings[1]!.text).toContain(`key = ${key}`);
  });

  it('has one connection line per address, and nothing for a line without one', () => {
    expect(portalConnectionLines(line, 'CCcam', null)).toEqual([
      'C: cs.example.net 12000 cust01 pw9',
      'C: 2001:db8::1 13000 cust01 pw9',
    ]);
    expect(receiverSettings({ ...line, hostPort: [] }, 'CCcam', null)).toEqual([]);
  });
});
