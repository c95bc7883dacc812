import type { Currency } from '@linedesk/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentMethods } from '../../db/schema.js';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentMethodValues = Omit<typeof paymentMethods.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export const paymentMethodsRepository = {
  list(db: Db): Promise<PaymentMethodRow[]> {
    return db.select().from(paymentMethods).orderBy(asc(paymentMethods.name), asc(paymentMethods.id));
  },
  listEnabled(
    db: Db,
    input: { kinds: PaymentMethodRow['kind'][]; currency?: Currency },
  ): Promise<PaymentMethodRow[]> {
    return db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.enabled, true),
          inArray(paymentMethods.kind, input.kinds),
          input.currency ? eq(paymentMethods.currency, input.currency) : undefined,
        ),
      )
      .orderBy(asc(paymentMethods.name), asc(paymentMethods.id));
  },
  /** Every method of a kind, disabled ones too: a checkout opened before a method was disabled still reports. */
  listOfKind(db: Db, kind: PaymentMethodRow['kind']): Promise<PaymentMethodRow[]> {
    return db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.kind, kind))
      .orderBy(asc(paymentMethods.id));
  },
  async findById(db: Db, id: number): Promise<PaymentMethodRow | undefined> {
    const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    return row;
  },
  async insert(db: Db, values: PaymentMethodValues): Promise<PaymentMethodRow> {
    const [row] = await db.insert(paymentMethods).values(values).returning();
    return row!;
  },
  async update(
    db: Db,
    id: number,
    values: Partial<PaymentMethodValues>,
  ): Promise<PaymentMethodRow | undefined> {
    const [row] = await db
      .update(paymentMethods)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(paymentMethods.id, id))
      .returning();
    return row;
  },
  /** Locks the method's row: a request being made with it waits (its foreign key) until the delete is decided. */
  async lockForDelete(tx: Db, id: number): Promise<boolean> {
    const rows = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, id))
      .for('update');
    return rows.length > 0;
  },
  async delete(db: Db, id: number): Promise<boolean> {
    const rows = await db
      .delete(paymentMethods)
      .where(eq(paymentMethods.id, id))
      .returning({ id: paymentMethods.id });
    return rows.length > 0;
  },
};
