import type { AgentInstallCommand, AgentInstallSettings, ServerTestResult } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const token = 'ld2.3.1795683600.q8ZrV1cN0xT4bWmY.Jd0x6m3mQ2VfKp7yYb8s1N4uRz5cT9wEaHgLqX0iUoA';

const command: AgentInstallCommand = {
  command: `curl -fsSL 'https://panel.example.com/agent/install.sh' | sudo sh -s -- --panel 'https://panel.example.com' --token ${token}`,
  update_command: `curl -fsSL 'https://panel.example.com/agent/install.sh' | sudo sh -s -- --update`,
  uninstall_command: `curl -fsSL 'https://panel.example.com/agent/install.sh' | sudo sh -s -- --uninstall`,
  token,
  expires_at: '2026-11-26T09:00:00.000Z',
};

const settings: AgentInstallSettings = {
  server_id: 3,
  server_name: 'Frankfurt 1',
  username: 'linedesk',
  password: 'agent-password-here',
  api_port: 3000,
  use_tls: false,
};

const tested: ServerTestResult = {
  ok: true,
  status: 'active',
  health: true,
  auth: true,
  version: '0.1.0',
  message: 'Connection successful',
  code: null,
  http_status: null,
  last_connection: '2026-11-25T09:12:04.511Z',
};

export const agentInstallExamples: RouteExamples = {
  'POST /api/servers/:id/install-command': { params: { id: 3 }, response: command },
  'POST /api/agent-install/settings': { body: { token }, response: settings },
  'GET /api/agent-install/release': {
    response: {
      version: '0.1.0',
      sha256: '6973f6956af77aaf35d669d6939a174214a9694865aefd38e12391b1c79a3a47',
    },
  },
  'POST /api/agent-install/started': { body: { token }, response: tested },
};
