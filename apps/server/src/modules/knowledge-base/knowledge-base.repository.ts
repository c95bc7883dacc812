import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { kbArticles, kbCategories } from '../../db/schema.js';

export type KbCategoryRow = typeof kbCategories.$inferSelect & { articleCount: number };
export type KbArticleRow = typeof kbArticles.$inferSelect & { categoryName: string };
export type KbArticleInsert = Pick<
  typeof kbArticles.$inferInsert,
  'title' | 'body' | 'categoryId' | 'sortOrder' | 'published' | 'createdBy'
>;
export type KbArticleUpdate = Partial<
  Pick<typeof kbArticles.$inferInsert, 'title' | 'body' | 'categoryId' | 'sortOrder' | 'published'>
>;

const articleColumns = {
  id: kbArticles.id,
  title: kbArticles.title,
  body: kbArticles.body,
  categoryId: kbArticles.categoryId,
  sortOrder: kbArticles.sortOrder,
  published: kbArticles.published,
  createdBy: kbArticles.createdBy,
  createdAt: kbArticles.createdAt,
  updatedAt: kbArticles.updatedAt,
  categoryName: kbCategories.name,
};

export const knowledgeBaseRepository = {
  listCategories(db: Db, publishedOnly: boolean): Promise<KbCategoryRow[]> {
    // Qualified by hand: drizzle leaves columns unqualified in single-table queries.
    const articleCount = sql<number>`(select count(*)::int from "kb_articles" where "kb_articles"."category_id" = "kb_categories"."id"${
      publishedOnly ? sql` and "kb_articles"."published"` : sql``
    })`;
    return db
      .select({
        id: kbCategories.id,
        name: kbCategories.name,
        description: kbCategories.description,
        sortOrder: kbCategories.sortOrder,
        createdAt: kbCategories.createdAt,
        articleCount,
      })
      .from(kbCategories)
      .orderBy(asc(kbCategories.sortOrder), asc(kbCategories.id));
  },
  async findCategory(db: Db, id: number) {
    const [row] = await db.select().from(kbCategories).where(eq(kbCategories.id, id));
    return row;
  },
  async findCategoryByName(db: Db, name: string) {
    const [row] = await db
      .select({ id: kbCategories.id })
      .from(kbCategories)
      .where(sql`lower(${kbCategories.name}) = lower(${name})`);
    return row;
  },
  async nextCategoryOrder(db: Db): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(max(${kbCategories.sortOrder}) + 1, 0)::int` })
      .from(kbCategories);
    return row?.n ?? 0;
  },
  async insertCategory(db: Db, values: { name: string; description: string | null; sortOrder: number }) {
    const [row] = await db.insert(kbCategories).values(values).returning({ id: kbCategories.id });
    return row!.id;
  },
  async updateCategory(
    db: Db,
    id: number,
    values: Partial<{ name: string; description: string | null; sortOrder: number }>,
  ) {
    await db.update(kbCategories).set(values).where(eq(kbCategories.id, id));
  },
  /** Locks the category row for the rest of the transaction; false when there is none. */
  async lockCategory(db: Db, id: number): Promise<boolean> {
    const [category] = await db
      .select({ id: kbCategories.id })
      .from(kbCategories)
      .where(eq(kbCategories.id, id))
      .for('update');
    return category !== undefined;
  },
  async countArticlesIn(db: Db, categoryId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(kbArticles)
      .where(eq(kbArticles.categoryId, categoryId));
    return row?.n ?? 0;
  },
  async deleteCategory(db: Db, id: number): Promise<void> {
    await db.delete(kbCategories).where(eq(kbCategories.id, id));
  },

  listArticles(
    db: Db,
    filter: { publishedOnly: boolean; search?: string; categoryId?: number },
  ): Promise<KbArticleRow[]> {
    const filters: SQL[] = [];
    if (filter.publishedOnly) filters.push(eq(kbArticles.published, true));
    if (filter.categoryId !== undefined) filters.push(eq(kbArticles.categoryId, filter.categoryId));
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(or(ilike(kbArticles.title, pattern), ilike(kbArticles.body, pattern)) as SQL);
    }
    return db
      .select(articleColumns)
      .from(kbArticles)
      .innerJoin(kbCategories, eq(kbCategories.id, kbArticles.categoryId))
      .where(filters.length ? and(...filters) : undefined)
      .orderBy(
        asc(kbCategories.sortOrder),
        asc(kbCategories.id),
        asc(kbArticles.sortOrder),
        asc(kbArticles.id),
      );
  },
  async findArticle(db: Db, id: number): Promise<KbArticleRow | undefined> {
    const [row] = await db
      .select(articleColumns)
      .from(kbArticles)
      .innerJoin(kbCategories, eq(kbCategories.id, kbArticles.categoryId))
      .where(eq(kbArticles.id, id));
    return row;
  },
  async nextArticleOrder(db: Db, categoryId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(max(${kbArticles.sortOrder}) + 1, 0)::int` })
      .from(kbArticles)
      .where(eq(kbArticles.categoryId, categoryId));
    return row?.n ?? 0;
  },
  async insertArticle(db: Db, values: KbArticleInsert): Promise<number> {
    const [row] = await db.insert(kbArticles).values(values).returning({ id: kbArticles.id });
    return row!.id;
  },
  async updateArticle(db: Db, id: number, values: KbArticleUpdate): Promise<void> {
    await db
      .update(kbArticles)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(kbArticles.id, id));
  },
  async deleteArticle(db: Db, id: number): Promise<boolean> {
    const deleted = await db.delete(kbArticles).where(eq(kbArticles.id, id)).returning({ id: kbArticles.id });
    return deleted.length > 0;
  },
  async existingArticleIds(db: Db, ids: number[]): Promise<number[]> {
    const rows = await db.select({ id: kbArticles.id }).from(kbArticles).where(inArray(kbArticles.id, ids));
    return rows.map((r) => r.id);
  },
  async setArticleOrder(db: Db, id: number, sortOrder: number): Promise<void> {
    await db.update(kbArticles).set({ sortOrder }).where(eq(kbArticles.id, id));
  },
};
