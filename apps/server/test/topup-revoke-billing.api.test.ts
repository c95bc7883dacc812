import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let stripe: StripeStandIn;
let admin: TestClient;
let packageId: number;
let bankId: number;
let cardId: number;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startTestServer({ STRIPE_API_URL: stripe.url });
  admin = await server.admin();
  packageId = (
    await admin.post('/api/credit-packages', { name: 'Reseller 10', credits: 10, price_cents: 900 })
  ).body.id;
  const bank = await admin.post('/api/payment-methods', {
    kind: 'manual',
    name: 'SEPA',
    currency: 'EUR',
    channel: 'bank',
    instructions: 'IBAN: DE89 3704 0044 0532 0130 00',
    instructions_translations: { de: 'IBAN: DE89 3704 0044 0532 0130 00 (Überweisung)', pl: '  ' },
  });
  expect(bank.status, JSON.stringify(bank.body)).toBe(201);
  bankId = bank.body.id;
  const card = await admin.post('/api/payment-methods', {
    kind: 'stripe',
    name: 'Card',
    currency: 'EUR',
    secret_key: stripe.secretKey,
    webhook_secret: stripe.webhookSecret,
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  cardId = card.body.id;
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

let counter = 0;
async function reseller() {
  counter += 1;
  const email = `revoke${counter}@example.com`;
  const client = await server.signUpConfirmed(email);
  const id = (await client.get('/api/me')).body.id as string;
  return { client, email, id };
}

async function approvedTopUp(client: TestClient): Promise<number> {
  const made = await client.post('/api/topups', { package_id: packageId, payment_reference: 'transfer 1' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const approved = await admin.post(`/api/topups/${made.body.id}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return made.body.id;
}

const balance = async (client: TestClient) => (await client.get('/api/me')).body.credits as number;

describe('seller and buyer on receipts', () => {
  it('shows the seller details an admin sets and the billing details the buyer sets', async () => {
    const buyer = await reseller();
    const other = await reseller();
    expect((await buyer.client.get('/api/seller-details')).status).toBe(403);
    expect((await buyer.client.put('/api/seller-details', { company_name: 'Mine' })).status).toBe(403);
    const seller = await admin.put('/api/seller-details', {
      company_name: ' Example Media GmbH ',
      address: 'Hauptstraße 1\n10115 Berlin',
      tax_id: 'DE123456789',
    });
    expect(seller.status, JSON.stringify(seller.body)).toBe(200);
    expect((await admin.get('/api/seller-details')).body).toEqual({
      company_name: 'Example Media GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      tax_id: 'DE123456789',
    });

    expect((await buyer.client.get('/api/me/billing')).body).toEqual({ name: '', address: '', tax_id: '' });
    const billing = await buyer.client.put('/api/me/billing', {
      name: 'Nowak Sat Sp. z o.o.',
      address: 'ul. Długa 5, Warszawa',
      tax_id: 'PL5260001246',
    });
    expect(billing.status, JSON.stringify(billing.body)).toBe(200);
    // Saved again: the row is updated, not doubled.
    await buyer.client.put('/api/me/billing', {
      name: 'Nowak Sat Sp. z o.o.',
      address: 'ul. Długa 5, 00-238 Warszawa',
      tax_id: 'PL5260001246',
    });
    expect((await other.client.get('/api/me/billing')).body.name).toBe('');

    const id = await approvedTopUp(buyer.client);
    const receipt = await buyer.client.get(`/api/topups/${id}/receipt`);
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body.seller).toMatchObject({
      company_name: 'Example Media GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      tax_id: 'DE123456789',
    });
    expect(receipt.body.buyer).toEqual({
      id: buyer.id,
      email: buyer.email,
      name: 'Nowak Sat Sp. z o.o.',
      address: 'ul. Długa 5, 00-238 Warszawa',
      tax_id: 'PL5260001246',
    });
    expect(receipt.body.revocation).toBeNull();
    const tooLong = await buyer.client.put('/api/me/billing', { name: 'x'.repeat(201) });
    expect(tooLong.status).toBe(422);
  });

  it('gives the receipt as an A4 PDF in the language asked for, to its requester and admins only', async () => {
    const buyer = await reseller();
    const other = await reseller();
    const id = await approvedTopUp(buyer.client);
    const pdf = await buyer.client.get(`/api/topups/${id}/receipt.pdf?lang=de`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="R-\d{4}-\d{6}\.pdf"$/);
    const text = pdf.body as string;
    expect(text.startsWith('%PDF-')).toBe(true);
    // The document's title names it in the language asked for; the page is A4 (595.28 × 841.89 pt).
    expect(text).toMatch(/\(Beleg R-\d{4}-\d{6}\)/);
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect((await admin.get(`/api/topups/${id}/receipt.pdf?lang=pl`)).body).toMatch(
      /\(Potwierdzenie zakupu R-\d{4}-\d{6}\)/,
    );
    expect((await other.client.get(`/api/topups/${id}/receipt.pdf`)).status).toBe(404);
    expect((await buyer.client.get(`/api/topups/${id}/receipt.pdf?lang=xx`)).status).toBe(422);
  });
});

describe('undoing a manual approval', () => {
  it('takes the credits back through the ledger, once, with the reason and who decided', async () => {
    const buyer = await reseller();
    const id = await approvedTopUp(buyer.client);
    expect(await balance(buyer.client)).toBe(10);

    expect((await admin.post(`/api/topups/${id}/revoke`, { reason: ' ' })).status).toBe(422);
    const revoked = await admin.post(`/api/topups/${id}/revoke`, { reason: 'The transfer bounced' });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toMatchObject({
      status: 'revoked',
      revocation: { by_email: 'admin@example.com', reason: 'The transfer bounced' },
    });
    expect(await balance(buyer.client)).toBe(0);

    const ledger = await admin.get(`/api/credits/ledger?account_id=${buyer.id}&reason=topup_revoked`);
    expect(ledger.body.items).toEqual([
      expect.objectContaining({
        delta: -10,
        balance_after: 0,
        ref_type: 'topup_request',
        ref_id: String(id),
      }),
    ]);
    const again = await admin.post(`/api/topups/${id}/revoke`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('TOPUP_NOT_REVOCABLE');
    expect(await balance(buyer.client)).toBe(0);

    // The receipt stays, saying so; the requester was told.
    const receipt = await buyer.client.get(`/api/topups/${id}/receipt`);
    expect(receipt.body.revocation).toMatchObject({ credits: 10, reason: 'The transfer bounced' });
    const audit = await admin.get(`/api/audit-log?action=topup.revoked`);
    expect(audit.body.items[0]).toMatchObject({ target_email: buyer.email, entity_id: String(id) });
    expect((await admin.post('/api/topups/999999/revoke', { reason: 'x' })).status).toBe(404);
  });

  it('is refused, changing nothing, when the credits were already spent', async () => {
    const buyer = await reseller();
    const id = await approvedTopUp(buyer.client);
    const set = await admin.put(`/api/accounts/${buyer.id}/credits`, { credits: 4 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const refused = await admin.post(`/api/topups/${id}/revoke`, { reason: 'Bounced' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'TOPUP_CREDITS_SPENT',
      details: { params: { balance: 4, credits: 10 } },
    });
    expect(await balance(buyer.client)).toBe(4);
    expect((await admin.get(`/api/topups/${id}`)).body).toMatchObject({
      status: 'approved',
      revocation: null,
    });
  });

  it('is not offered for a request its provider confirmed, nor for one not approved', async () => {
    const buyer = await reseller();
    const pending = await buyer.client.post('/api/topups', { package_id: packageId, payment_reference: 'x' });
    const notApproved = await admin.post(`/api/topups/${pending.body.id}/revoke`, { reason: 'x' });
    expect(notApproved.body.error.code).toBe('TOPUP_NOT_REVOCABLE');

    const made = await buyer.client.post('/api/topups', { package_id: packageId, method_id: cardId });
    const session = new URL(made.body.checkout_url).pathname.split('/').pop()!;
    stripe.pay(session);
    // An admin crediting an online request keeps its provider payment: the provider's refund takes it back.
    expect((await admin.post(`/api/topups/${made.body.id}/approve`)).status).toBe(200);
    const online = await admin.post(`/api/topups/${made.body.id}/revoke`, { reason: 'x' });
    expect(online.body.error.code).toBe('TOPUP_NOT_REVOCABLE');
  });
});

describe('cancelling a request awaiting its payment', () => {
  it('closes an own manual request as cancelled, once; others cannot', async () => {
    const buyer = await reseller();
    const other = await reseller();
    const made = await buyer.client.post('/api/topups', { package_id: packageId, method_id: bankId });
    expect(made.body).toMatchObject({
      channel: 'bank',
      instructions: 'IBAN: DE89 3704 0044 0532 0130 00',
      // A language left blank is not kept: it shows the default text.
      instructions_translations: { de: 'IBAN: DE89 3704 0044 0532 0130 00 (Überweisung)' },
    });
    expect((await other.client.post(`/api/topups/${made.body.id}/cancel`)).status).toBe(404);
    expect((await admin.post(`/api/topups/${made.body.id}/cancel`)).status).toBe(404);
    const cancelled = await buyer.client.post(`/api/topups/${made.body.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'expired', expired_reason: 'cancelled' });
    const again = await buyer.client.post(`/api/topups/${made.body.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('TOPUP_NOT_CANCELLABLE');
  });

  it('expires an open Stripe checkout so it cannot be paid, and never cancels one already paid', async () => {
    const buyer = await reseller();
    const open = await buyer.client.post('/api/topups', { package_id: packageId, method_id: cardId });
    const openSession = new URL(open.body.checkout_url).pathname.split('/').pop()!;
    expect(stripe.creates.at(-1)?.get('cancel_url')).toBe(
      `${server.url}/payments/return/${open.body.id}?cancelled=1`,
    );
    const cancelled = await buyer.client.post(`/api/topups/${open.body.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'expired', expired_reason: 'cancelled' });
    expect(stripe.sessions.get(openSession)?.status).toBe('expired');

    const paid = await buyer.client.post('/api/topups', { package_id: packageId, method_id: cardId });
    stripe.pay(new URL(paid.body.checkout_url).pathname.split('/').pop()!);
    const notCancelled = await buyer.client.post(`/api/topups/${paid.body.id}/cancel`);
    expect(notCancelled.status).toBe(200);
    expect(notCancelled.body.status).toBe('approved');
    expect(await balance(buyer.client)).toBe(10);
  });
});
