/**
 * The spec's cost table, in a file of its own so that line plans (which price from it) and lines
 * (which speak of plans' restrictions) can both import it without importing each other.
 */

/** Credit cost by subscription months (docs/spec-rules.md, "Credit cost by duration"). */
export const linePrices = { 1: 2, 3: 4, 6: 6, 12: 10, 24: 15 } as const;
export const subscriptionMonths = [1, 3, 6, 12, 24] as const;
