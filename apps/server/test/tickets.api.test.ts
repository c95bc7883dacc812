import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseContentDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestResponse } from './support/test-client.js';
import { ADMIN, startTestServer, type TestServer } from './support/test-server.js';
import { openEventStream } from './support/event-stream.js';
import { waitFor } from './support/wait-for.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ab6b6d4a0000000049454e44ae426082',
    'hex',
  ),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);

describe('tickets', () => {
  let server: TestServer;
  let admin: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let adminId: string;

  /** A multipart request with the client's cookies, as the browser's FormData upload sends it. */
  async function upload(
    client: TestClient,
    ticketId: number,
    parts: { content?: string; file?: { bytes: Buffer; name: string; type?: string } },
  ): Promise<TestResponse> {
    const form = new FormData();
    if (parts.content !== undefined) form.append('content', parts.content);
    if (parts.file) {
      form.append(
        'file',
        new Blob([new Uint8Array(parts.file.bytes)], { type: parts.file.type ?? 'application/octet-stream' }),
        parts.file.name,
      );
    }
    const res = await fetch(`${server.url}/api/tickets/${ticketId}/replies`, {
      method: 'POST',
      headers: {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: server.url,
        'x-forwarded-for': client.ip,
      },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  async function download(client: TestClient | null, url: string) {
    const res = await fetch(server.url + url, {
      headers: client
        ? {
            cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            'x-forwarded-for': client.ip,
          }
        : {},
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  const open = async (client: TestClient, overrides: Record<string, unknown> = {}) => {
    const res = await client.post('/api/tickets', {
      title: 'Line does not connect',
      description: 'My receiver shows no channels since yesterday.',
      priority: 'high',
      category: 'technical',
      ...overrides,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number } & Record<string, unknown>;
  };

  const mailLines = (email: string) => server.logs.filter((l) => l.includes(`Mail to ${email}:`));

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    alice = await server.signUpConfirmed('alice@example.com');
    bob = await server.signUpConfirmed('bob@example.com');
    aliceId = (await alice.get('/api/me')).body.id;
    adminId = (await admin.get('/api/me')).body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers signed-out callers with 'User not authenticated' and, for replies, 'You must be logged in to add a reply'", async () => {
    const anonymous = server.client();
    const list = await anonymous.get('/api/tickets');
    expect(list.status).toBe(401);
    expect(list.body.error).toEqual({ code: 'USER_NOT_AUTHENTICATED', message: 'User not authenticated' });
    const created = await anonymous.post('/api/tickets', { title: 'x', description: 'y' });
    expect(created.status).toBe(401);
    const ticket = await open(alice);
    const reply = await anonymous.post(`/api/tickets/${ticket.id}/replies`, { content: 'hello' });
    expect(reply.status).toBe(401);
    expect(reply.body.error).toEqual({
      code: 'REPLY_REQUIRES_LOGIN',
      message: 'You must be logged in to add a reply',
    });
  });

  it('opens a ticket as open and unread by admins, with the given priority and category', async () => {
    const ticket = await open(alice, { title: 'Billing question', priority: 'urgent', category: 'billing' });
    expect(ticket).toMatchObject({
      title: 'Billing question',
      status: 'open',
      priority: 'urgent',
      category: 'billing',
      user_id: aliceId,
      user_email: 'alice@example.com',
      assigned_to: null,
      is_read: false,
      reply_count: 0,
    });
    const defaults = await open(alice, { priority: undefined, category: undefined });
    expect(defaults).toMatchObject({ priority: 'medium', category: 'general' });
    const bad = await alice.post('/api/tickets', { title: '', description: 'x', priority: 'critical' });
    expect(bad.status).toBe(422);
  });

  it('lists own tickets for users and all for admins, newest first, with filters, search and paging', async () => {
    const first = await open(bob, { title: 'Bob first', category: 'account', priority: 'low' });
    const second = await open(bob, { title: 'Bob second', category: 'other', priority: 'urgent' });
    const mine = await bob.get('/api/tickets');
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((t: { id: number }) => t.id)).toEqual([second.id, first.id]);
    expect(mine.body).toMatchObject({ total: 2, page: 1, page_size: 25 });

    const all = await admin.get('/api/tickets?page_size=100');
    const owners = new Set(all.body.items.map((t: { user_email: string }) => t.user_email));
    expect(owners).toEqual(new Set(['alice@example.com', 'bob@example.com']));
    expect(all.body.items.map((t: { id: number }) => t.id)).toContain(first.id);

    expect(
      (await admin.get('/api/tickets?category=account')).body.items.map((t: { id: number }) => t.id),
    ).toEqual([first.id]);
    expect(
      (await bob.get('/api/tickets?priority=urgent')).body.items.map((t: { id: number }) => t.id),
    ).toEqual([second.id]);
    expect((await bob.get('/api/tickets?search=FIRST')).body.items.map((t: { id: number }) => t.id)).toEqual([
      first.id,
    ]);
    // Users cannot reach other users' tickets through search.
    expect((await bob.get('/api/tickets?search=Billing')).body.total).toBe(0);
    const paged = await bob.get('/api/tickets?page=2&page_size=1');
    expect(paged.body).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(paged.body.items.map((t: { id: number }) => t.id)).toEqual([first.id]);
    expect((await bob.get('/api/tickets?status=closed')).body.total).toBe(0);
  });

  it("keeps user B out of user A's ticket: 404 on reads and edits, 403 on replies — the same as for a ticket that does not exist", async () => {
    const ticket = await open(alice, { title: 'Private matter' });
    const missing = 987_654;
    for (const path of [`/api/tickets/${ticket.id}`, `/api/tickets/${ticket.id}/replies`]) {
      const res = await bob.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'TICKET_NOT_FOUND', message: 'Ticket not found' });
      const none = await bob.get(path.replace(String(ticket.id), String(missing)));
      expect(none.status).toBe(404);
      expect(none.body).toEqual(res.body);
    }
    const patch = await bob.patch(`/api/tickets/${ticket.id}`, { status: 'closed' });
    expect(patch.status).toBe(404);
    expect((await bob.delete(`/api/tickets/${ticket.id}`)).status).toBe(404);

    const reply = await bob.post(`/api/tickets/${ticket.id}/replies`, { content: 'let me in' });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toEqual({
      code: 'REPLY_FORBIDDEN',
      message: 'You do not have permission to reply to this ticket',
    });
    const replyMissing = await bob.post(`/api/tickets/${missing}/replies`, { content: 'let me in' });
    expect(replyMissing.status).toBe(403);
    expect(replyMissing.body).toEqual(reply.body);
    const withFile = await upload(bob, ticket.id, { content: 'x', file: { bytes: PNG, name: 'a.png' } });
    expect(withFile.status).toBe(403);

    // Admins may see every ticket, so for them a missing one is simply 'Ticket not found'.
    const adminMissing = await admin.post(`/api/tickets/${missing}/replies`, { content: 'hello' });
    expect(adminMissing.status).toBe(404);
    expect(adminMissing.body.error.message).toBe('Ticket not found');

    const detail = await alice.get(`/api/tickets/${ticket.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.replies).toEqual([]);
    expect((await bob.get('/api/tickets')).body.items.some((t: { id: number }) => t.id === ticket.id)).toBe(
      false,
    );
  });

  it('turns an open ticket in_progress on an admin reply, refreshes updated_at on every reply, and lists replies in order', async () => {
    const ticket = await open(alice);
    const before = (await admin.get(`/api/tickets/${ticket.id}`)).body;
    expect(before.user_email).toBe('alice@example.com');
    await new Promise((r) => setTimeout(r, 20));

    const fromOwner = await alice.post(`/api/tickets/${ticket.id}/replies`, { content: 'Any news?' });
    expect(fromOwner.status).toBe(201);
    expect(fromOwner.body).toMatchObject({
      ticket_id: ticket.id,
      is_admin: false,
      content: 'Any news?',
      user_id: aliceId,
    });
    const afterOwner = (await admin.get(`/api/tickets/${ticket.id}`)).body;
    expect(afterOwner.status).toBe('open');
    expect(afterOwner.updated_at > before.updated_at).toBe(true);
    await new Promise((r) => setTimeout(r, 20));

    const fromAdmin = await admin.post(`/api/tickets/${ticket.id}/replies`, { content: 'We are on it.' });
    expect(fromAdmin.status).toBe(201);
    expect(fromAdmin.body).toMatchObject({ is_admin: true, user_id: adminId, attachment_url: null });
    const detail = (await alice.get(`/api/tickets/${ticket.id}`)).body;
    expect(detail.status).toBe('in_progress');
    expect(detail.updated_at > afterOwner.updated_at).toBe(true);
    expect(detail.replies.map((r: { content: string }) => r.content)).toEqual(['Any news?', 'We are on it.']);
    expect(detail.reply_count).toBe(2);
    const replies = await alice.get(`/api/tickets/${ticket.id}/replies`);
    expect(replies.body.map((r: { id: number }) => r.id)).toEqual([fromOwner.body.id, fromAdmin.body.id]);

    // Only an open ticket moves: a pending one stays pending when an admin answers.
    await admin.patch(`/api/tickets/${ticket.id}`, { status: 'pending' });
    await admin.post(`/api/tickets/${ticket.id}/replies`, { content: 'Waiting for you.' });
    expect((await alice.get(`/api/tickets/${ticket.id}`)).body.status).toBe('pending');

    const empty = await alice.post(`/api/tickets/${ticket.id}/replies`, { content: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.error).toEqual({
      code: 'REPLY_CONTENT_REQUIRED',
      message: 'Write a reply or attach a file',
    });
  });

  it('lets the owner close and reopen their ticket but nothing else; admins set status, priority and an admin assignee', async () => {
    const ticket = await open(alice);
    const closed = await alice.patch(`/api/tickets/${ticket.id}`, { status: 'closed' });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect(
      (await alice.get('/api/tickets?active=true')).body.items.some(
        (t: { id: number }) => t.id === ticket.id,
      ),
    ).toBe(false);
    const reopened = await alice.patch(`/api/tickets/${ticket.id}`, { status: 'open' });
    expect(reopened.body.status).toBe('open');

    for (const body of [
      { status: 'in_progress' },
      { priority: 'urgent' },
      { status: 'open' },
      { assigned_to: aliceId },
    ]) {
      const res = await alice.patch(`/api/tickets/${ticket.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.error).toEqual({
        code: 'TICKET_OWNER_CLOSE_REOPEN_ONLY',
        message: 'You can only close or reopen your own ticket',
      });
    }

    const assignees = await admin.get('/api/tickets/assignees');
    expect(assignees.body).toEqual([{ id: adminId, email: ADMIN.email }]);
    expect((await alice.get('/api/tickets/assignees')).status).toBe(403);

    const edited = await admin.patch(`/api/tickets/${ticket.id}`, {
      status: 'pending',
      priority: 'low',
      assigned_to: adminId,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      status: 'pending',
      priority: 'low',
      assigned_to: adminId,
      assigned_to_email: ADMIN.email,
    });
    expect(
      (await admin.get(`/api/tickets?assigned_to=${adminId}`)).body.items.map((t: { id: number }) => t.id),
    ).toEqual([ticket.id]);
    const toUser = await admin.patch(`/api/tickets/${ticket.id}`, { assigned_to: aliceId });
    expect(toUser.status).toBe(422);
    expect(toUser.body.error.message).toBe('Tickets can only be assigned to an administrator');
    const unassigned = await admin.patch(`/api/tickets/${ticket.id}`, { assigned_to: null });
    expect(unassigned.body.assigned_to).toBeNull();
  });

  it('refuses a reply to a closed ticket, from the owner and from an admin, storing nothing, until it is reopened', async () => {
    const ticket = await open(alice);
    await alice.post(`/api/tickets/${ticket.id}/replies`, { content: 'Still broken.' });
    expect((await admin.patch(`/api/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);
    const before = (await alice.get(`/api/tickets/${ticket.id}`)).body;

    const refused = {
      code: 'TICKET_CLOSED',
      message: 'This ticket is closed. Reopen it to reply',
    };
    const byOwner = await alice.post(`/api/tickets/${ticket.id}/replies`, { content: 'Hello?' });
    expect(byOwner.status).toBe(409);
    expect(byOwner.body.error).toEqual(refused);
    const byAdmin = await admin.post(`/api/tickets/${ticket.id}/replies`, { content: 'One more thing.' });
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.error).toEqual(refused);
    const withFile = await upload(alice, ticket.id, { file: { bytes: PNG, name: 'screen.png' } });
    expect(withFile.status).toBe(409);
    expect(withFile.body.error).toEqual(refused);

    // Nothing changed: no reply, the ticket still closed and not stamped.
    const after = (await alice.get(`/api/tickets/${ticket.id}`)).body;
    expect(after.replies.map((r: { content: string }) => r.content)).toEqual(['Still broken.']);
    expect(after.status).toBe('closed');
    expect(after.updated_at).toBe(before.updated_at);
    // Someone else's closed ticket still answers as before: no hint that it exists, nor that it is closed.
    expect((await bob.post(`/api/tickets/${ticket.id}/replies`, { content: 'x' })).body.error.code).toBe(
      'REPLY_FORBIDDEN',
    );

    expect((await alice.patch(`/api/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    const reply = await alice.post(`/api/tickets/${ticket.id}/replies`, { content: 'Hello?' });
    expect(reply.status).toBe(201);
  });

  it('tracks unread replies per side until that side opens the ticket, and counts them for the badges', async () => {
    const carol = await server.signUpConfirmed('carol@example.com');
    const ticket = await open(carol);
    const adminCountBefore = (await admin.get('/api/tickets/unread-count')).body.count;
    expect(adminCountBefore).toBeGreaterThanOrEqual(1);
    const asAdmin = () =>
      admin
        .get('/api/tickets?page_size=100')
        .then((r) => r.body.items.find((t: { id: number }) => t.id === ticket.id));
    expect(await asAdmin()).toMatchObject({ is_read: false, unread: true });

    // The admin opens it: read for admins, one fewer on their badge.
    await admin.get(`/api/tickets/${ticket.id}`);
    expect(await asAdmin()).toMatchObject({ is_read: true, unread: false, unread_count: 0 });
    expect((await admin.get('/api/tickets/unread-count')).body.count).toBe(adminCountBefore - 1);

    expect((await carol.get('/api/tickets/unread-count')).body).toEqual({ count: 0 });
    await admin.post(`/api/tickets/${ticket.id}/replies`, { content: 'First answer' });
    await admin.post(`/api/tickets/${ticket.id}/replies`, { content: 'Second answer' });
    expect((await carol.get('/api/tickets/unread-count')).body).toEqual({ count: 1 });
    const listed = (await carol.get('/api/tickets')).body.items[0];
    expect(listed).toMatchObject({ id: ticket.id, unread: true, unread_count: 2, reply_count: 2 });
    // The admin's own replies are not unread for the admin side.
    expect(await asAdmin()).toMatchObject({ unread: false, unread_count: 0 });

    const opened = await carol.get(`/api/tickets/${ticket.id}`);
    expect(opened.body.replies.every((r: { is_read: boolean }) => r.is_read)).toBe(true);
    expect((await carol.get('/api/tickets/unread-count')).body).toEqual({ count: 0 });
    expect((await carol.get('/api/tickets')).body.items[0]).toMatchObject({ unread: false, unread_count: 0 });

    await carol.post(`/api/tickets/${ticket.id}/replies`, { content: 'Thanks, still broken' });
    expect(await asAdmin()).toMatchObject({ unread: true, unread_count: 1 });
    expect((await admin.get('/api/tickets/unread-count')).body.count).toBe(adminCountBefore);
    // Carol's own reply is not unread for Carol.
    expect((await carol.get('/api/tickets/unread-count')).body).toEqual({ count: 0 });
    const adminView = await admin.get(`/api/tickets/${ticket.id}/replies`);
    expect(adminView.body.at(-1)).toMatchObject({ content: 'Thanks, still broken', is_read: true });
    expect(await asAdmin()).toMatchObject({ unread: false });
  });

  it('mails the other side on a new reply with a link to the ticket, unless they turned it off', async () => {
    const dave = await server.signUpConfirmed('dave@example.com');
    const ticket = await open(dave, { title: 'Mail me' });
    const link = `${server.url}/tickets/${ticket.id}`;
    expect((await dave.get('/api/tickets/mail-preference')).body).toEqual({ ticket_reply_mail: true });

    await admin.post(`/api/tickets/${ticket.id}/replies`, { content: 'Answer one' });
    const toDave = await waitFor(
      () => mailLines('dave@example.com').filter((l) => l.includes(link)),
      (lines) => lines.length === 1,
    );
    expect(toDave[0]).toContain(`New reply to ticket #${ticket.id}: Mail me`);

    // Unassigned: a user's reply goes to every admin.
    await dave.post(`/api/tickets/${ticket.id}/replies`, { content: 'Question two' });
    await waitFor(
      () => mailLines(ADMIN.email).filter((l) => l.includes(link)),
      (lines) => lines.length === 1,
    );

    const off = await dave.put('/api/tickets/mail-preference', { ticket_reply_mail: false });
    expect(off.body).toEqual({ ticket_reply_mail: false });
    expect((await dave.get('/api/tickets/mail-preference')).body).toEqual({ ticket_reply_mail: false });
    await admin.post(`/api/tickets/${ticket.id}/replies`, { content: 'Answer three' });
    // A later mail proves the reply's mail run has finished before checking Dave got none.
    await dave.post(`/api/tickets/${ticket.id}/replies`, { content: 'Question four' });
    await waitFor(
      () => mailLines(ADMIN.email).filter((l) => l.includes(link)),
      (lines) => lines.length === 2,
    );
    expect(mailLines('dave@example.com').filter((l) => l.includes(link))).toHaveLength(1);
  });

  it('names a downloaded attachment by its stored name, encoded once, whatever the upload was called', async () => {
    const ticket = await open(alice, { title: 'Odd file names' });
    // The browser's form encoding sends `"`, CR and LF as %22, %0D and %0A; the server reads them back
    // before dropping them, so the name is not kept with the escapes in it (and encoded twice).
    for (const [name, stored] of [
      ['a"b;c\r\n.png', 'abc.png'],
      ['Bild "ü€"; 1\r\n.png', 'Bild ü€ 1.png'],
      // Not attr-chars, so percent-encoded in `filename*` too.
      ["it's (ü)*.png", "it's (ü)*.png"],
    ] as const) {
      const res = await upload(alice, ticket.id, { file: { bytes: PNG, name, type: 'image/png' } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.attachment.file_name).toBe(stored);
      const header = (await download(alice, res.body.attachment.url)).headers.get('content-disposition')!;
      // One disposition; an ASCII name (a token, or quoted without quotes, backslashes or line
      // breaks); for any other name its RFC 5987 form, made only of attr-chars and %XX.
      expect(header).toMatch(
        /^inline; filename=(?:"[\x20\x21\x23-\x5b\x5d-\x7e]*"|[\w!#$&+.^`|~-]+)(?:; filename\*=UTF-8''[\w!#$&+.^`|~%-]+)?$/,
      );
      expect(parseContentDisposition(header)).toMatchObject({
        type: 'inline',
        parameters: { filename: stored },
      });
      const extended = /filename\*=UTF-8''(.+)$/.exec(header)?.[1];
      if (extended !== undefined) expect(decodeURIComponent(extended)).toBe(stored);
    }
  });

  it('stores an image or PDF attachment on disk under a random name and serves it only to the owner and admins', async () => {
    const ticket = await open(alice, { title: 'Screenshot attached' });
    const res = await upload(alice, ticket.id, {
      content: 'See the picture',
      file: { bytes: PNG, name: 'screen shot.png', type: 'image/png' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.content).toBe('See the picture');
    expect(res.body.attachment).toMatchObject({
      file_name: 'screen shot.png',
      content_type: 'image/png',
      size: PNG.length,
    });
    expect(res.body.attachment_url).toBe(res.body.attachment.url);
    expect(res.body.attachment.url).toMatch(new RegExp(`^/api/tickets/${ticket.id}/attachments/[\\w-]+$`));

    const stored = await readdir(path.join(server.built.ctx.config.dataDir, 'attachments'));
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(stored.every((name) => /^[a-f0-9]{48}$/.test(name))).toBe(true);

    for (const client of [alice, admin]) {
      const file = await download(client, res.body.attachment.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('content-disposition')).toContain('filename="screen shot.png"');
      expect(file.bytes.equals(PNG)).toBe(true);
    }
    const forBob = await download(bob, res.body.attachment.url);
    expect(forBob.status).toBe(404);
    expect(forBob.bytes.toString()).not.toContain('PNG');
    expect((await download(null, res.body.attachment.url)).status).toBe(401);
    const wrongTicket = await download(
      alice,
      res.body.attachment.url.replace(`/tickets/${ticket.id}/`, '/tickets/1/'),
    );
    expect(wrongTicket.status).toBe(404);

    // A PDF alone (no text) is a reply too; the name's extension follows the real type.
    const pdf = await upload(admin, ticket.id, { content: '', file: { bytes: PDF, name: 'invoice' } });
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(201);
    expect(pdf.body.attachment).toMatchObject({ file_name: 'invoice.pdf', content_type: 'application/pdf' });
    const pdfFile = await download(alice, pdf.body.attachment.url);
    expect(pdfFile.headers.get('content-type')).toBe('application/pdf');
    expect(pdfFile.headers.get('content-disposition')).toMatch(/^attachment;/);
    const detail = await alice.get(`/api/tickets/${ticket.id}`);
    expect(
      detail.body.replies.map((r: { attachment: { file_name: string } }) => r.attachment.file_name),
    ).toEqual(['screen shot.png', 'invoice.pdf']);
  });

  it('refuses a file over 5 MB and an executable dressed up as a PNG, storing nothing', async () => {
    const ticket = await open(alice, { title: 'Bad uploads' });
    const folder = path.join(server.built.ctx.config.dataDir, 'attachments');
    const before = await readdir(folder).catch(() => []);

    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const tooBig = await upload(alice, ticket.id, {
      content: 'big',
      file: { bytes: big, name: 'big.png', type: 'image/png' },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toEqual({
      code: 'ATTACHMENT_TOO_LARGE',
      message: 'The attachment is larger than 5 MB',
    });

    const exe = await upload(alice, ticket.id, {
      content: 'exe',
      file: { bytes: EXE, name: 'cute.png', type: 'image/png' },
    });
    expect(exe.status).toBe(415);
    expect(exe.body.error).toEqual({
      code: 'ATTACHMENT_TYPE_NOT_ALLOWED',
      message: 'Only images (PNG, JPEG, GIF, WebP) and PDF files can be attached',
    });
    const nothing = await upload(alice, ticket.id, { content: '' });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.code).toBe('REPLY_CONTENT_REQUIRED');

    expect((await alice.get(`/api/tickets/${ticket.id}`)).body.replies).toEqual([]);
    expect(await readdir(folder).catch(() => [])).toEqual(before);
  });

  it('deletes a ticket with its replies and files (admins only)', async () => {
    const ticket = await open(alice, { title: 'Delete me' });
    const withFile = await upload(alice, ticket.id, { content: 'x', file: { bytes: PNG, name: 'x.png' } });
    const folder = path.join(server.built.ctx.config.dataDir, 'attachments');
    const countBefore = (await readdir(folder)).length;
    const byOwner = await alice.delete(`/api/tickets/${ticket.id}`);
    expect(byOwner.status).toBe(403);
    expect((await admin.delete(`/api/tickets/${ticket.id}`)).status).toBe(204);
    expect((await alice.get(`/api/tickets/${ticket.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/tickets/${ticket.id}`)).status).toBe(404);
    expect((await download(alice, withFile.body.attachment.url)).status).toBe(404);
    expect((await readdir(folder)).length).toBe(countBefore - 1);
  });

  it('reports the setup status to admins: schema version, migrations and a rolled-back self-test', async () => {
    expect((await alice.get('/api/tickets/setup-status')).status).toBe(403);
    const totalBefore = (await admin.get('/api/tickets')).body.total;
    const res = await admin.get('/api/tickets/setup-status');
    expect(res.status).toBe(200);
    const journal = (await import('../drizzle/meta/_journal.json', { with: { type: 'json' } })).default as {
      entries: { tag: string }[];
    };
    const tags = journal.entries.map((e) => e.tag);
    expect(res.body.database).toBe(process.env.LINEDESK_TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(res.body.migrations).toEqual({ count: tags.length, names: tags });
    expect(res.body.schema_version).toBe(tags.at(-1));
    expect(res.body.self_test.ok).toBe(true);
    expect(res.body.self_test.steps.map((s: { name: string; ok: boolean }) => [s.name, s.ok])).toEqual([
      ['insert_ticket', true],
      ['read_ticket', true],
      ['insert_reply', true],
      ['read_reply', true],
      ['rollback', true],
    ]);
    for (const step of res.body.self_test.steps) expect(step.duration_ms).toBeGreaterThanOrEqual(0);
    expect((await admin.get('/api/tickets')).body.total).toBe(totalBefore);
  });

  it('tells the owner’s open event stream about a new reply, and nobody else’s', async () => {
    const ticket = await open(alice, { title: 'Live' });
    const aliceEvents = await openEventStream(server, alice);
    const bobEvents = await openEventStream(server, bob);
    await admin.post(`/api/tickets/${ticket.id}/replies`, { content: 'Live answer' });
    expect(await aliceEvents.next('ticket_replies', (e) => e.data.id === String(ticket.id))).not.toBeNull();
    // Bob's stream carries no event of Alice's ticket (a later event of his own proves it is alive).
    const own = await open(bob, { title: 'Bob live' });
    expect(await bobEvents.next('tickets', (e) => e.data.id === String(own.id))).not.toBeNull();
    expect(bobEvents.events.some((e) => e.event === 'ticket_replies')).toBe(false);
    aliceEvents.close();
    bobEvents.close();
  });
});
