import type { AuthResponse, LoginBody, ProfileUpdateBody, RegisterBody, User } from '@tracker/contracts/users/http';
import { api } from './api.ts';

export interface MessageResponse {
  message: string;
}

export interface ResetPasswordArgs {
  token: string;
  newPassword: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      // spec.md §4: on login, a user's timezone is also sent to settings. Fire and forget.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.user.timezone) void dispatch(authApi.endpoints.syncSettingsTimezone.initiate(data.user.timezone));
        } catch {
          // The login failure itself is reported by the caller.
        }
      },
    }),
    register: build.mutation<AuthResponse, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    getMe: build.query<{ user: User }, void>({
      query: () => '/auth/me',
      providesTags: ['Me'],
    }),
    updateMe: build.mutation<{ user: User; token?: string }, ProfileUpdateBody>({
      query: (body) => ({ url: '/auth/me', method: 'PUT', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordArgs>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<MessageResponse, { token: string }>({
      query: (body) => ({ url: '/auth/verify-email', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    /** PUT /settings/timezone; its result is ignored (the settings feature owns settings). */
    syncSettingsTimezone: build.mutation<unknown, string>({
      query: (timezone) => ({ url: '/settings/timezone', method: 'PUT', body: { timezone } }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useGetMeQuery,
  useUpdateMeMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
} = authApi;
