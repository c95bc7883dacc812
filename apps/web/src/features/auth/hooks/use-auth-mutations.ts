import type { Me } from '@linedesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { isTwoFactorChallenge } from '../../account-security/lib/two-factor-challenge';
import { authApi, authKeys } from '../api/auth-api';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.signIn,
    // A right password with two-factor sign-in on signs nobody in yet: no account to cache.
    onSuccess: (result) => {
      if (!isTwoFactorChallenge(result)) queryClient.setQueryData(authKeys.me, result);
    },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: authApi.signUp });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.verifyEmail,
    onSuccess: (me: Me) => queryClient.setQueryData(authKeys.me, me),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: authApi.signOut,
    // Whatever the server says, this tab forgets everything it cached for the account. Navigating in the
    // same tick (before the cache notifies the auth guard) keeps the guard from recording a return path.
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, null);
      void navigate(paths.signIn, { replace: true });
    },
  });
}
