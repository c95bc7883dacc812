import type { BillingDetails, SellerDetails } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const seller: SellerDetails = {
  company_name: 'Example Media GmbH',
  address: 'Hauptstraße 1\n10115 Berlin\nGermany',
  tax_id: 'DE123456789',
};

const buyer: BillingDetails = {
  name: 'Nowak Sat Sp. z o.o.',
  address: 'ul. Długa 5\n00-238 Warszawa\nPoland',
  tax_id: 'PL5260001246',
};

export const billingExamples: RouteExamples = {
  'GET /api/seller-details': { response: seller },
  'PUT /api/seller-details': { body: seller, response: seller },
  'GET /api/me/billing': { response: buyer },
  'PUT /api/me/billing': { body: buyer, response: buyer },
};
