import type { PortalMe } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { getLineConnections } from '../line-connections/line-connections.service.js';
import { linePackages } from '../lines/line-packages.js';
import { today } from '../lines/line-scope.js';
import { linesRepository } from '../lines/lines.repository.js';
import { toPortalMe } from './portal-mapper.js';
import { freezeSettings } from '../lines/line-freeze-settings.js';
import { toFreezeRequest } from './portal-freeze-request.service.js';
import { portalRepository } from './portal.repository.js';
import { ownerActor, portalOwnerOf, type PortalCustomer } from './portal-session.js';

/** The signed-in customer's line as the portal shows it, with who is connected to it now. */
export async function portalMe(ctx: AppContext, customer: PortalCustomer): Promise<PortalMe> {
  // Read through the owner's scope, as the owner's own connections view reads it.
  const [connections, packages, freeze, request] = await Promise.all([
    getLineConnections(ctx, await ownerActor(ctx, customer.owner.id), customer.line.id),
    linePackages(ctx.db, customer.line),
    freezeSettings(ctx.db),
    portalRepository.freezeRequest(ctx.db, customer.line.id),
  ]);
  return {
    ...toPortalMe(customer.line, customer.owner, connections, today(), packages),
    freeze:
      freeze.freezes_per_year === 0
        ? null
        : { max_days: freeze.freeze_max_days, request: request ? toFreezeRequest(request) : null },
  };
}

/** `portalMe` of a line read again, after the portal changed it (a renewal, a new password). */
export async function portalMeOfLine(ctx: AppContext, lineId: number): Promise<PortalMe> {
  const line = await linesRepository.findById(ctx.db, lineId);
  if (!line) throw new AppError('LINE_NOT_FOUND');
  return portalMe(ctx, { line, owner: await portalOwnerOf(ctx, line.ownerId) });
}
