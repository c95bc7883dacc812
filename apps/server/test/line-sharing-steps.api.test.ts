import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { watchingClient } from '../../agent/test/stand-in-servers.js';
import { jobRoundsPass, waitFor } from './support/wait-for.js';
import { oscamLineFixture } from './support/oscam-line-fixture.js';

/** Public addresses the shipped database places in two countries (line-sharing-score.api.test.ts). */
const TELEKOM = '217.0.0.1';
const GOOGLE = '8.8.8.8';

type LineEvent = { action: string; details: Record<string, unknown> };

describe('sharing steps of a plan', () => {
  const fx = oscamLineFixture({ serverName: 'OSCam steps', prefix: 'st', cccam: true });
  const { show, name } = fx;

  const shared = (username: string, channel = 'Sky Cinema') => [
    { ...watchingClient(username, TELEKOM, `id_${username}_1`), chname: channel },
    { ...watchingClient(username, GOOGLE, `id_${username}_2`), chname: 'DAZN 1' },
  ];
  const createPlan = async (steps: unknown[]) => {
    const res = await fx.admin.post('/api/line-plans', {
      name: `Steps ${name()}`,
      prices: [{ months: 1, credits: 1 }],
      sharing_steps: steps,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; sharing_steps: unknown[] };
  };
  const createLine = async (planId: number, serverId = fx.serverId) => {
    const res = await fx.owner.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: serverId,
      plan_id: planId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // Control words asked for: the addresses count as watching (the score's `ecm` signal).
    fx.oscam.setCounters(res.body.line.username, 40, 2);
    return res.body.line as { id: number; username: string };
  };
  const stepsOf = async (id: number): Promise<LineEvent[]> => {
    const res = await fx.owner.client.get(`/api/lines/${id}/events`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.items as LineEvent[]).filter((e) => e.action.startsWith('sharing_step'));
  };
  /** The line's [account] section in the oscam.user the agent wrote. */
  const accountOf = async (username: string) => {
    const text = await readFile(fx.agent.configFile, 'utf8');
    const start = text.indexOf(`user = ${username}\n`);
    if (start < 0) return '';
    const end = text.indexOf('[account]', start);
    return text.slice(start, end < 0 ? undefined : end);
  };
  const evidenceChannel = async (id: number, ip: string) => {
    const res = await fx.owner.client.get(`/api/lines/${id}/sharing`);
    return (res.body.evidence as { ip: string; channel: string | null }[]).find((e) => e.ip === ip)?.channel;
  };

  it('refuses a ladder OSCam cannot hold and keeps a valid one on the plan', async () => {
    const bad = await fx.admin.post('/api/line-plans', {
      name: 'Bad steps',
      prices: [{ months: 1, credits: 1 }],
      sharing_steps: [{ step: 'oscam', min_score: 80, polls: 1, penalty: 7 }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('LINE_PLAN_INVALID_SHARING_STEPS');
    const twice = await fx.admin.post('/api/line-plans', {
      name: 'Twice',
      prices: [{ months: 1, credits: 1 }],
      sharing_steps: [
        { step: 'note', min_score: 30, polls: 1 },
        { step: 'note', min_score: 60, polls: 1 },
      ],
    });
    expect(twice.body.error.code).toBe('LINE_PLAN_INVALID_SHARING_STEPS');
    const plan = await createPlan([{ step: 'warn', min_score: 50, polls: 2 }]);
    const list = await fx.admin.get('/api/line-plans');
    const read = (list.body.items as { id: number; sharing_steps: unknown }[]).find((p) => p.id === plan.id);
    expect(read?.sharing_steps).toEqual([{ step: 'warn', min_score: 50, polls: 2 }]);
    const cleared = await fx.admin.patch(`/api/line-plans/${plan.id}`, { sharing_steps: [] });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.sharing_steps).toEqual([]);
  });

  it('notes, warns the owner and puts OSCam’s penalty on the account once per episode, lifted at its end', async () => {
    const plan = await createPlan([
      { step: 'note', min_score: 30, polls: 1 },
      { step: 'warn', min_score: 55, polls: 1 },
      { step: 'oscam', min_score: 90, polls: 2, penalty: 3, numusers: 1, fakedelay: 2000 },
    ]);
    const line = await createLine(plan.id);
    await waitFor(
      () => accountOf(line.username),
      (section) => section !== '',
    );
    expect(await accountOf(line.username)).not.toContain('penalty');

    show(line.username, shared(line.username));
    await waitFor(
      () => accountOf(line.username),
      (section) => section.includes('penalty = 3'),
    );
    const section = await accountOf(line.username);
    expect(section).toContain('numusers = 1');
    expect(section).toContain('fakedelay = 2000');

    // More polls of the same episode: a channel change shows they ran, and no step is taken again.
    show(line.username, shared(line.username, 'Eurosport'));
    await waitFor(
      () => evidenceChannel(line.id, TELEKOM),
      (channel) => channel === 'Eurosport',
    );
    const steps = await stepsOf(line.id);
    expect(steps.map((e) => e.details.step).sort()).toEqual(['note', 'oscam', 'warn']);
    expect(steps.find((e) => e.details.step === 'oscam')?.details).toMatchObject({
      score: 100,
      signals: ['addresses', 'networks', 'countries', 'ecm', 'channels'],
      oscam: ['penalty = 3', 'numusers = 1', 'fakedelay = 2000'],
    });
    expect(steps.find((e) => e.details.step === 'warn')?.details).toMatchObject({ warned: true });
    const messages = await fx.owner.client.get('/api/messages?page_size=100');
    const warnings = (messages.body.items as { content: string }[]).filter((m) =>
      m.content.includes(`The line ${line.username} has a sharing score of 100 out of 100`),
    );
    expect(warnings).toHaveLength(1);

    // One viewer again: the episode ends and the account is written without the penalty.
    show(line.username, [shared(line.username)[0]!]);
    await waitFor(
      () => accountOf(line.username),
      (text) => text !== '' && !text.includes('penalty'),
    );
    const after = await stepsOf(line.id);
    expect(after.filter((e) => e.action === 'sharing_step_lifted')).toHaveLength(1);

    // A new episode takes the steps again.
    show(line.username, shared(line.username));
    await waitFor(
      () => stepsOf(line.id),
      (events) => events.filter((e) => e.details.step === 'note').length === 2,
    );
    show(line.username, []);
  });

  it('suspends a line at the suspend step, with the evidence in its history', async () => {
    const plan = await createPlan([{ step: 'suspend', min_score: 80, polls: 2 }]);
    const line = await createLine(plan.id);
    show(line.username, shared(line.username));
    const suspended = await waitFor(
      async () => (await fx.owner.client.get(`/api/lines/${line.id}`)).body,
      (body) => body.enabled === false,
    );
    expect(suspended.enabled).toBe(false);
    const events = (await fx.owner.client.get(`/api/lines/${line.id}/events`)).body.items as LineEvent[];
    expect(events.filter((e) => e.action === 'sharing_step')).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ step: 'suspend', score: 100, polls: 2 }),
      }),
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'disabled',
        details: expect.objectContaining({ reason: 'sharing' }),
      }),
    );
    show(line.username, []);
  });

  it('records an OSCam step on a CCcam server as not supported there, and changes nothing on it', async () => {
    const plan = await createPlan([
      { step: 'note', min_score: 30, polls: 1 },
      { step: 'oscam', min_score: 30, polls: 1, penalty: 3, numusers: 1, fakedelay: 2000 },
    ]);
    const line = await createLine(plan.id, fx.cccam.serverId);
    const written = await waitFor(
      () => readFile(fx.cccam.agent.configFile, 'utf8'),
      (text) => text.includes(` ${line.username} `),
    );
    fx.cccam.show([
      { username: line.username, ip: TELEKOM },
      { username: line.username, ip: GOOGLE },
    ]);
    const steps = await waitFor(
      () => stepsOf(line.id),
      (events) => events.length === 2,
    );
    // The episode is recorded: both steps, the OSCam one marked as not taken on this server.
    expect(steps.find((e) => e.details.step === 'note')?.details).not.toHaveProperty('unsupported');
    const oscamStep = steps.find((e) => e.details.step === 'oscam')?.details;
    expect(oscamStep).toMatchObject({ unsupported: true, min_score: 30, polls: 1 });
    expect(oscamStep).not.toHaveProperty('oscam');
    // What the owner reads on the line page.
    const sharing = await fx.owner.client.get(`/api/lines/${line.id}/sharing`);
    expect(sharing.body).toMatchObject({
      steps_taken: ['note', 'oscam'],
      steps_not_supported: ['oscam'],
      oscam_in_force: null,
    });
    // A step's writes, suspensions and failures follow the commit that records it: the round's end first.
    await jobRoundsPass(fx.server, 'line-connections', 1);
    expect((await fx.owner.client.get(`/api/lines/${line.id}`)).body.enabled).toBe(true);
    // The CCcam.cfg line is as the line was made: no OSCam setting was written anywhere.
    const now = await readFile(fx.cccam.agent.configFile, 'utf8');
    expect(now).toBe(written);
    expect(now).not.toContain('penalty');
    expect(fx.server.logs.filter((l) => l.includes('sharing step failed'))).toEqual([]);
    fx.cccam.show([]);
  });
});
