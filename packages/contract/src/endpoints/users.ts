import { endpoint } from '../endpoint';

const tags = ['users'];
const schemas = () => import('../users');
const auth = () => import('../auth');
const noContent = async () => (await import('../common')).noContentSchema;

/**
 * `/api/auth/users/`: the caller's tenant's staff and the signed-in user's own password, codes and
 * picture. Outside a service: `routeOf` gives each route `app.authenticate` and its rules' hooks.
 * The password reset is public (`publicRouteOf`). Still by hand: `me/` (any signed-in user, no rule),
 * `roles/` (any one of two rules) and the picture's upload (a multipart body, no schema).
 */
export const userEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'auth/users/',
    permission: ['list', 'user'],
    summary: "The caller's tenant's users",
    tags,
    schemas: async () => {
      const { listUsersQuerySchema, paginatedUsersSchema } = await schemas();
      return { query: listUsersQuerySchema, response: paginatedUsersSchema };
    },
  }),
  create: endpoint({
    method: 'POST',
    path: 'auth/users/',
    permission: ['create', 'user'],
    status: [201],
    summary: 'Create a staff member',
    tags,
    schemas: async () => {
      const { createUserInputSchema, userSchema } = await schemas();
      return { body: createUserInputSchema, response: userSchema };
    },
  }),
  setPassword: endpoint({
    method: 'POST',
    path: 'auth/users/set_password/',
    permission: ['update', 'profile'],
    status: [204],
    summary: 'Change own password',
    tags,
    schemas: async () => ({ body: (await auth()).setPasswordInputSchema, response: await noContent() }),
  }),
  /** Public (no rule, no sign-in): the forgotten password's pages call it. */
  requestPasswordReset: endpoint({
    method: 'POST',
    path: 'auth/users/reset_password/',
    permission: [],
    status: [204],
    summary: 'Email a reset link (always 204)',
    tags,
    schemas: async () => ({ body: (await auth()).resetPasswordInputSchema, response: await noContent() }),
  }),
  /** Public (no rule, no sign-in): the emailed link's page calls it. */
  confirmPasswordReset: endpoint({
    method: 'POST',
    path: 'auth/users/reset_password_confirm/',
    permission: [],
    status: [204],
    summary: 'Set a new password from an emailed link',
    tags,
    schemas: async () => ({ body: (await auth()).resetPasswordConfirmInputSchema, response: await noContent() }),
  }),
  startOtp: endpoint({
    method: 'POST',
    path: 'auth/users/me/otp/',
    permission: ['update', 'profile'],
    summary: 'Start one-time codes: a new secret and its otpauth URI',
    tags,
    schemas: async () => ({ response: (await auth()).otpSetupSchema }),
  }),
  confirmOtp: endpoint({
    method: 'POST',
    path: 'auth/users/me/otp/confirm/',
    permission: ['update', 'profile'],
    status: [204],
    summary: 'Turn one-time codes on with a first code',
    tags,
    schemas: async () => ({ body: (await auth()).otpCodeInputSchema, response: await noContent() }),
  }),
  disableOtp: endpoint({
    method: 'DELETE',
    path: 'auth/users/me/otp/',
    permission: ['update', 'profile'],
    status: [204],
    summary: 'Turn one-time codes off with a current code',
    tags,
    schemas: async () => ({ body: (await auth()).otpCodeInputSchema, response: await noContent() }),
  }),
  deleteAvatar: endpoint({
    method: 'DELETE',
    path: 'auth/users/me/avatar/',
    permission: ['update', 'profile'],
    status: [204],
    summary: 'Remove own picture',
    tags,
    schemas: async () => ({ response: await noContent() }),
  }),
  /** Own id: any signed-in user (the route's `requireSelfOr`); another: `list user`. */
  get: endpoint({
    method: 'GET',
    path: 'auth/users/:id/',
    permission: ['list', 'user'],
    summary: 'One user (own id: any signed-in user)',
    tags,
    schemas: async () => ({ response: (await schemas()).userSchema }),
  }),
  /** Own id: `update profile` is enough for the profile's fields (the route's `requireSelfOr`); another: `update user`. */
  update: endpoint({
    method: 'PUT',
    path: 'auth/users/:id/',
    permission: ['update', 'user'],
    summary: 'Partial update (own profile fields: update profile)',
    tags,
    schemas: async () => {
      const { updateUserInputSchema, userSchema } = await schemas();
      return { body: updateUserInputSchema, response: userSchema };
    },
  }),
  deactivate: endpoint({
    method: 'DELETE',
    path: 'auth/users/:id/',
    permission: ['delete', 'user'],
    status: [204],
    summary: 'Deactivate a staff member',
    tags,
    schemas: async () => ({ response: await noContent() }),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: 'auth/users/:id/reset_password/',
    permission: ['update', 'user'],
    summary: 'A new password for a staff member, shown once',
    tags,
    schemas: async () => ({ response: (await auth()).newPasswordSchema }),
  }),
};
