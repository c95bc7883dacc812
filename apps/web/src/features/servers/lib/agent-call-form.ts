import type { AgentCallBody, AgentEndpoint } from '@linedesk/shared';
import { z } from 'zod';

/** How each endpoint is called on the agent (docs/line-agent-api.md). */
export const agentEndpointRoutes: Record<AgentEndpoint, { method: string; path: string }> = {
  health: { method: 'GET', path: '/health' },
  root: { method: 'GET', path: '/' },
  users: { method: 'GET', path: '/users' },
  'add-user': { method: 'POST', path: '/add-user' },
  'edit-user': { method: 'PUT', path: '/edit-user' },
  'delete-user': { method: 'DELETE', path: '/delete-user' },
};

export type AgentCallField =
  'username' | 'password' | 'expiryDate' | 'newPassword' | 'newExpiryDate' | 'enabled';

/** The form fields each endpoint takes; the rest are hidden. */
export const agentEndpointFields: Record<AgentEndpoint, AgentCallField[]> = {
  health: [],
  root: [],
  users: [],
  'add-user': ['username', 'password', 'expiryDate'],
  'edit-user': ['username', 'newPassword', 'newExpiryDate', 'enabled'],
  'delete-user': ['username'],
};

export const enabledChoices = ['', 'true', 'false'] as const;

/**
 * Deliberately loose: the page is for seeing how the agent answers, so bad input goes through and
 * the agent's own 400 answer is what the operator reads.
 */
export const agentCallFormSchema = z.object({
  serverId: z.string().min(1, { error: 'REQUIRED' }),
  endpoint: z.enum(Object.keys(agentEndpointRoutes) as [AgentEndpoint, ...AgentEndpoint[]]),
  username: z.string(),
  password: z.string(),
  expiryDate: z.string(),
  newPassword: z.string(),
  newExpiryDate: z.string(),
  enabled: z.enum(enabledChoices),
});
export type AgentCallFormValues = z.input<typeof agentCallFormSchema>;

/** DD-MM-YYYY, `days` from today. */
export function displayDateFromToday(days: number, today = new Date()): string {
  const date = new Date(today);
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** Only the fields the endpoint takes; empty optional ones are left out as the agent expects. */
export function toAgentCallBody(values: AgentCallFormValues): AgentCallBody {
  const { endpoint } = values;
  switch (endpoint) {
    case 'add-user':
      return {
        endpoint,
        body: { username: values.username, password: values.password, expiryDate: values.expiryDate },
      };
    case 'edit-user':
      return {
        endpoint,
        body: {
          username: values.username,
          ...(values.newPassword ? { newPassword: values.newPassword } : {}),
          ...(values.newExpiryDate ? { newExpiryDate: values.newExpiryDate } : {}),
          ...(values.enabled ? { enabled: values.enabled === 'true' } : {}),
        },
      };
    case 'delete-user':
      return { endpoint, body: { username: values.username } };
    default:
      return { endpoint };
  }
}
