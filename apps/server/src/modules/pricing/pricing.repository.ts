import type { Currency } from '@linedesk/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { creditPackages } from '../../db/schema.js';

export type PackageRow = typeof creditPackages.$inferSelect;
export type PackageValues = {
  name: string;
  credits: number;
  priceCents: number;
  currency: Currency;
  highlight: boolean;
  sortOrder: number;
  isActive: boolean;
};

export const pricingRepository = {
  list(db: Db, input: { includeInactive: boolean }): Promise<PackageRow[]> {
    return db
      .select()
      .from(creditPackages)
      .where(input.includeInactive ? undefined : eq(creditPackages.isActive, true))
      .orderBy(asc(creditPackages.sortOrder), asc(creditPackages.credits), asc(creditPackages.id));
  },
  async findById(db: Db, id: number): Promise<PackageRow | undefined> {
    const [row] = await db.select().from(creditPackages).where(eq(creditPackages.id, id));
    return row;
  },
  async insert(db: Db, values: PackageValues): Promise<PackageRow> {
    const [row] = await db.insert(creditPackages).values(values).returning();
    return row!;
  },
  async update(db: Db, id: number, values: Partial<PackageValues>): Promise<PackageRow | undefined> {
    const [row] = await db
      .update(creditPackages)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(creditPackages.id, id))
      .returning();
    return row;
  },
  async delete(db: Db, id: number): Promise<boolean> {
    const rows = await db
      .delete(creditPackages)
      .where(eq(creditPackages.id, id))
      .returning({ id: creditPackages.id });
    return rows.length > 0;
  },
};
