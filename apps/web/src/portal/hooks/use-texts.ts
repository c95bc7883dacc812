import { useContext } from 'react';
import { PortalTextContext, type PortalTexts } from '../lib/portal-text-context';

/** The portal's texts in the shown language (`PortalTextsProvider`). */
export function useTexts(): PortalTexts {
  const texts = useContext(PortalTextContext);
  if (!texts) throw new Error('useTexts outside PortalTextsProvider');
  return texts;
}
