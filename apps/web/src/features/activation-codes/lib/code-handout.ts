import { formatActivationCode } from '@linedesk/shared';
import type { TFunction } from 'i18next';

/** The portal's activation page with the code filled in: what the printed QR code and shares open. */
export function portalActivationUrl(portalAddress: string, code: string): string {
  return `${portalAddress}/activate?code=${encodeURIComponent(formatActivationCode(code))}`;
}

/** The customer's three steps from a code to a working line, in the given texts' language. */
export function activationSteps(t: TFunction, portalAddress: string): string[] {
  return [
    t('activationCodes.steps.open', { address: portalAddress }),
    t('activationCodes.steps.enter'),
    t('activationCodes.steps.login'),
  ];
}

/** A ready message to send a customer: the code, where to activate it, and the steps. */
export function codeShareMessage(t: TFunction, portalAddress: string, code: string): string {
  const shown = formatActivationCode(code);
  return [
    t('activationCodes.share.message', { code: shown }),
    portalActivationUrl(portalAddress, shown),
    '',
    ...activationSteps(t, portalAddress).map((step, index) => `${index + 1}. ${step}`),
  ].join('\n');
}
