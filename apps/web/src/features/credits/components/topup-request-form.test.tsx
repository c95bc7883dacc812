import type { CreditPackage, TopUpRequest } from '@linedesk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, type Answers } from '../../../test-support/render-page';
import { TopUpRequestForm } from './topup-request-form';

// The reseller's top-up form: the packages with their credits and prices, what is missing when
// sending, and the request that goes out. The server is a table of answers (render-page.tsx).

const at = '2026-11-20T10:00:00.000Z';

function pack(id: number, name: string, credits: number, cents: number): CreditPackage {
  return {
    id,
    name,
    credits,
    price_cents: cents,
    currency: 'EUR',
    highlight: false,
    sort_order: id,
    is_active: true,
    created_at: at,
    updated_at: at,
  };
}

const packages = [pack(1, 'Starter', 100, 2500), pack(2, 'Reseller', 1200, 24_999)];

/** The pending request the server answers a top-up with, as its contract describes it. */
function pending(body: { package_id: number; payment_reference?: string }): TopUpRequest {
  const chosen = packages.find((p) => p.id === body.package_id)!;
  return {
    id: 77,
    account_id: 'reseller-1',
    account_email: 'shop@example.com',
    package_id: chosen.id,
    package_name: chosen.name,
    credits: chosen.credits,
    price_cents: chosen.price_cents,
    currency: chosen.currency,
    payment_reference: body.payment_reference ?? null,
    status: 'pending',
    reject_reason: null,
    expired_reason: null,
    decided_by: null,
    decided_by_email: null,
    decided_at: null,
    provider: null,
    provider_payment_id: null,
    method_id: null,
    method_name: null,
    method_kind: null,
    fee_cents: 0,
    amount_cents: chosen.price_cents,
    reference_code: null,
    instructions: null,
    instructions_translations: {},
    channel: null,
    proof_required: false,
    proof: null,
    checkout_url: null,
    surplus_cents: null,
    surplus_currency: null,
    receipt_number: null,
    reversal: null,
    refunds: [],
    disputes: [],
    invalidated: false,
    revocation: null,
    created_at: at,
  };
}

const noMethods: Answers = {
  'GET /api/payment-methods/available': { body: [] },
  'POST /api/topups': (body) => ({ status: 201, body: pending(body as { package_id: number }) }),
};

async function pickPackage(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(screen.getByTestId('field-package-select'));
  await user.click(await screen.findByRole('option', { name }));
}

describe('the top-up request form', () => {
  it('offers each package with its credits and its price in euros', async () => {
    const user = userEvent.setup();
    await renderPage(<TopUpRequestForm packages={packages} selectedId={null} onSelectedChange={vi.fn()} />, {
      answers: noMethods,
    });
    await user.click(screen.getByTestId('field-package-select'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Starter – credits: 100, price: €25.00',
      'Reseller – credits: 1,200, price: €249.99',
    ]);
  });

  it('says what is missing and sends nothing: first the package, then the payment reference', async () => {
    const user = userEvent.setup();
    const { sent } = await renderPage(
      <TopUpRequestForm packages={packages} selectedId={null} onSelectedChange={vi.fn()} />,
      { answers: noMethods },
    );
    await user.click(screen.getByTestId('topup-submit'));
    expect(await screen.findByText('This field is required')).toBeTruthy();

    await pickPackage(user, /^Starter/);
    await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());
    // No method for euros: the payment made is named by its reference, which must be given.
    await user.click(screen.getByTestId('topup-submit'));
    expect(await screen.findByText('Payment reference is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Payment reference/ }), '   ');
    await user.click(screen.getByTestId('topup-submit'));
    expect(await screen.findByText('Payment reference is required')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('sends the package and the trimmed reference, says so, and empties the form', async () => {
    const user = userEvent.setup();
    const onSelectedChange = vi.fn();
    const { sent } = await renderPage(
      <TopUpRequestForm packages={packages} selectedId={null} onSelectedChange={onSelectedChange} />,
      { answers: noMethods },
    );
    await pickPackage(user, /^Reseller/);
    expect(onSelectedChange).toHaveBeenLastCalledWith(2);
    await user.type(screen.getByRole('textbox', { name: /Payment reference/ }), '  TRX-2026-0042 ');
    await user.click(screen.getByTestId('topup-submit'));
    expect(await screen.findByText('Top-up request sent (credits: 1,200)')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/topups', body: { package_id: 2, payment_reference: 'TRX-2026-0042' } },
    ]);
    expect(onSelectedChange).toHaveBeenLastCalledWith(null);
    expect((screen.getByRole('textbox', { name: /Payment reference/ }) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal in the reader's words, not its code", async () => {
    const user = userEvent.setup();
    await renderPage(<TopUpRequestForm packages={packages} selectedId={null} onSelectedChange={vi.fn()} />, {
      answers: {
        ...noMethods,
        // The package was taken off sale while the form was open.
        'POST /api/topups': {
          status: 404,
          body: { error: { code: 'CREDIT_PACKAGE_NOT_FOUND', message: 'server text' } },
        },
      },
    });
    await pickPackage(user, /^Starter/);
    await user.type(screen.getByRole('textbox', { name: /Payment reference/ }), 'TRX-1');
    await user.click(screen.getByTestId('topup-submit'));
    expect((await screen.findByTestId('topup-form-error')).textContent).toBe('Credit package not found');
  });
});
