/** What OSCam's `uniq` 0–4 does, as texts indexed by the value. */
export const uniqKeys = [
  'linePlans.uniq.u0',
  'linePlans.uniq.u1',
  'linePlans.uniq.u2',
  'linePlans.uniq.u3',
  'linePlans.uniq.u4',
] as const;
