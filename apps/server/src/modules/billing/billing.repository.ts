import { EMPTY_BILLING_DETAILS, type BillingDetails } from '@linedesk/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { billingDetails } from '../../db/schema.js';

export const billingRepository = {
  async find(db: Db, accountId: string): Promise<BillingDetails> {
    const [row] = await db
      .select({ name: billingDetails.name, address: billingDetails.address, tax_id: billingDetails.taxId })
      .from(billingDetails)
      .where(eq(billingDetails.accountId, accountId));
    return row ?? EMPTY_BILLING_DETAILS;
  },
  async save(db: Db, accountId: string, details: BillingDetails): Promise<void> {
    const values = { name: details.name, address: details.address, taxId: details.tax_id };
    await db
      .insert(billingDetails)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: billingDetails.accountId, set: { ...values, updatedAt: sql`now()` } });
  },
};
