/**
 * Tickets, replies, attachments, knowledge base and contact details: the support issue's tables.
 */
export {};
