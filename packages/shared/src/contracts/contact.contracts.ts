import { contactDetailsBodySchema, contactDetailsSchema, contactMessageBodySchema } from '../contact.js';
import { defineContract } from '../contract.js';
import { ticketSchema } from '../ticket.js';

const tags = ['contact'];

export const getDetails = defineContract({
  method: 'GET',
  path: '/api/contact',
  access: 'signedIn',
  tags,
  summary: 'Support contact details: e-mail, Telegram, WhatsApp, hours, note',
  response: contactDetailsSchema,
});

export const setDetails = defineContract({
  method: 'PUT',
  path: '/api/contact',
  access: 'admin',
  tags,
  summary: 'Set the contact details (admin)',
  body: contactDetailsBodySchema,
  response: contactDetailsSchema,
  errors: ['ADMIN_ONLY'],
});

export const sendMessage = defineContract({
  method: 'POST',
  path: '/api/contact/message',
  access: 'signedIn',
  tags,
  summary: 'Quick Contact: opens a ticket for the caller',
  body: contactMessageBodySchema,
  status: 201,
  response: ticketSchema,
});
