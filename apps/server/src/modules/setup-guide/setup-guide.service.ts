import {
  RESELLER_GROUP_ID,
  contactDetailsSet,
  type SetupGuide,
  type SetupGuideBody,
  type SetupGuideStepKey,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { signUpChosen } from '../auth/sign-up-settings.service.js';
import { getContactDetails } from '../contact/contact.service.js';
import { setupGuideRepository } from './setup-guide.repository.js';

/**
 * The first-run guide, computed from what the panel really holds: nobody can buy credits until
 * packages exist, nobody sells lines until a server answers, so each step ticks itself once done.
 */
export async function getSetupGuide(ctx: AppContext, admin: Actor): Promise<SetupGuide> {
  const [server, packages, contact, reseller, signUp, hidden] = await Promise.all([
    setupGuideRepository.testedServerExists(ctx.db),
    setupGuideRepository.activePackageExists(ctx.db),
    getContactDetails(ctx, admin).then(contactDetailsSet),
    setupGuideRepository.resellerExists(ctx.db, RESELLER_GROUP_ID),
    signUpChosen(ctx.db),
    setupGuideRepository.isHidden(ctx.db, admin.id),
  ]);
  const done: Record<SetupGuideStepKey, boolean> = {
    server,
    credit_packages: packages,
    contact_details: contact,
    reseller,
    sign_up: signUp,
  };
  const steps = (Object.keys(done) as SetupGuideStepKey[]).map((key) => ({ key, done: done[key] }));
  return { steps, complete: steps.every((step) => step.done), hidden };
}

/** Hiding (or showing again) is this admin's own choice; other admins keep theirs. */
export async function setSetupGuideHidden(
  ctx: AppContext,
  admin: Actor,
  body: SetupGuideBody,
): Promise<SetupGuide> {
  await setupGuideRepository.setHidden(ctx.db, admin.id, body.hidden);
  return getSetupGuide(ctx, admin);
}
