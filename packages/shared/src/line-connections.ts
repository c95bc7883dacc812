import { z } from 'zod';

const text = () => z.string();

/** One live connection of a line, as its server's agent last reported it. */
export const lineConnectionSchema = z.object({
  /** What the kick takes; null where the server cannot end a single connection (CCcam). */
  connection_id: text().nullable(),
  server_id: z.number().int(),
  server_name: text().nullable(),
  ip: text(),
  protocol: text(),
  connected_since: text().nullable(),
  idle_seconds: z.number().int().nullable(),
  last_channel: text().nullable(),
  last_caid: text().nullable(),
  ecm_ok: z.number().int().nullable(),
  ecm_total: z.number().int().nullable(),
  /** OSCam: OK, Sleep or Duplicate (a second login set to fake); CCcam: null. */
  state: text().nullable(),
  seen_at: text(),
});
export type LineConnection = z.infer<typeof lineConnectionSchema>;

export const lineIpHistoryEntrySchema = z.object({
  ip: text(),
  first_seen_at: text(),
  last_seen_at: text(),
});
export type LineIpHistoryEntry = z.infer<typeof lineIpHistoryEntrySchema>;

export const lineConnectionsSchema = z.object({
  online: z.boolean(),
  last_seen_at: text().nullable(),
  /** When the line was last found shared (several IPs at once, or too many in the window). */
  sharing_detected_at: text().nullable(),
  /** Whether that episode is still going on. */
  sharing_active: z.boolean(),
  connections: z.array(lineConnectionSchema),
  /** Newest first; at most LINE_IP_HISTORY_LIMIT addresses per line. */
  ip_history: z.array(lineIpHistoryEntrySchema),
});
export type LineConnections = z.infer<typeof lineConnectionsSchema>;

/** Addresses kept per line in its IP history; older ones are dropped. */
export const LINE_IP_HISTORY_LIMIT = 50;

export const lineKickBodySchema = z.object({ connection_id: z.string().min(1).max(200) });
export type LineKickBody = z.infer<typeof lineKickBodySchema>;
export const lineKickResultSchema = z.object({ message: text() });

export const onlineByServerSchema = z.object({
  items: z.array(
    z.object({ server_id: z.number().int(), server_name: text(), online_lines: z.number().int() }),
  ),
  total_online: z.number().int(),
});
export type OnlineByServer = z.infer<typeof onlineByServerSchema>;

const invalid = { error: 'LINE_SHARING_INVALID_SETTINGS' } as const;
export const sharingSettingsSchema = z.object({
  /** Alert when a line is connected from two or more addresses at the same time. */
  detect_simultaneous: z.boolean(),
  /** Alert when a line used more than this many addresses within the window; 0 = off. */
  max_ips_in_window: z.number(invalid).int(invalid).min(0, invalid).max(100, invalid),
  window_minutes: z.number(invalid).int(invalid).min(1, invalid).max(10_080, invalid),
  /** Suspend the line when an alert is raised (as if its owner disabled it). */
  auto_suspend: z.boolean(),
});
export type SharingSettings = z.infer<typeof sharingSettingsSchema>;
export const sharingSettingsBodySchema = sharingSettingsSchema.partial();
export type SharingSettingsBody = z.infer<typeof sharingSettingsBodySchema>;

export const DEFAULT_SHARING_SETTINGS: SharingSettings = {
  detect_simultaneous: true,
  max_ips_in_window: 0,
  window_minutes: 60,
  auto_suspend: false,
};

/** Evidence rows kept per line (one per address) and how long one is kept after it was last seen. */
export const SHARING_EVIDENCE_LIMIT = 50;
export const SHARING_EVIDENCE_RETENTION_DAYS = 90;

/**
 * What a sharing score is built from: several addresses at once, in different networks (ASN) or
 * countries, several of them asking for control words at once, different channels at the same time.
 */
export const SHARING_SIGNALS = ['addresses', 'networks', 'countries', 'ecm', 'channels'] as const;
export type SharingSignal = (typeof SHARING_SIGNALS)[number];

/** One address a line was seen from while it looked shared. */
export const sharingEvidenceEntrySchema = z.object({
  ip: text(),
  /** The network's number and holder (offline database); null for private addresses or unknown. */
  asn: z.number().int().nullable(),
  network: text().nullable(),
  /** ISO 3166 country code; null for private addresses or unknown. */
  country: text().nullable(),
  channel: text().nullable(),
  signals: z.array(z.enum(SHARING_SIGNALS)),
  /** The highest score seen with this address. */
  score: z.number().int(),
  first_seen_at: text(),
  last_seen_at: text(),
});
export type SharingEvidenceEntry = z.infer<typeof sharingEvidenceEntrySchema>;

export const lineSharingSchema = z.object({
  /** 0 (one viewer) to 100 (clearly shared), from the last poll. */
  score: z.number().int().min(0).max(100),
  /** Since when the current sharing episode lasts; null when there is none. */
  episode_since: text().nullable(),
  /** The plan's sharing steps taken in the current episode, in order (sharing-steps.ts). */
  steps_taken: z.array(text()),
  /**
   * The ones among them the line's server cannot take (OSCam settings on a CCcam server): recorded
   * in the line's history, nothing changed on the server.
   */
  steps_not_supported: z.array(text()),
  /** The OSCam anti-sharing lines a step put on the line's account, in force now; null: none. */
  oscam_in_force: z.array(text()).nullable(),
  /** Newest first. */
  evidence: z.array(sharingEvidenceEntrySchema),
});
export type LineSharing = z.infer<typeof lineSharingSchema>;
