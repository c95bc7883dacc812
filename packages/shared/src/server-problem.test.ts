import { describe, expect, it } from 'vitest';
import { serverProblemOf } from './server-problem.js';

describe('serverProblemOf', () => {
  it.each([
    [
      'Failed to connect to server: connect ECONNREFUSED 10.0.0.5:8000',
      'refused',
      'connect ECONNREFUSED 10.0.0.5:8000',
    ],
    [
      'Failed to connect to server: Request timed out after 5000 ms',
      'timeout',
      'Request timed out after 5000 ms',
    ],
    [
      'Failed to connect to server: connect ETIMEDOUT 10.0.0.5:8000',
      'timeout',
      'connect ETIMEDOUT 10.0.0.5:8000',
    ],
    [
      'Failed to connect to server: getaddrinfo ENOTFOUND cs.example',
      'unreachable',
      'getaddrinfo ENOTFOUND cs.example',
    ],
    [
      'Failed to connect to server: connect EHOSTUNREACH 10.0.0.9:8000',
      'unreachable',
      'connect EHOSTUNREACH 10.0.0.9:8000',
    ],
    ['Failed to connect to server: self-signed certificate', 'tls', 'self-signed certificate'],
    [
      "Failed to connect to server: Hostname/IP does not match certificate's altnames",
      'tls',
      "Hostname/IP does not match certificate's altnames",
    ],
    ['API Authentication failed. HTTP status: 401', 'bad_key', 'API Authentication failed. HTTP status: 401'],
    ['Health check failed with status: 500', 'not_responding', 'Health check failed with status: 500'],
    ['connect ECONNREFUSED 10.0.0.5:8000', 'refused', 'connect ECONNREFUSED 10.0.0.5:8000'],
    ['something new the agent said', 'other', 'something new the agent said'],
  ])('%s → %s', (text, code, detail) => {
    expect(serverProblemOf(text)).toEqual({ code, detail });
  });

  it('an agent that changed identity needs no raw words beside its sentence', () => {
    expect(
      serverProblemOf(
        'The agent answers for another identity than the one this server record was bound to; test it',
      ),
    ).toEqual({ code: 'agent_changed', detail: null });
  });
});
