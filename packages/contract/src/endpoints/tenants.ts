import { endpoint } from '../endpoint';

const tags = ['tenants'];
const userTags = ['tenant users'];
const schemas = () => import('../tenants');
const users = () => import('../users');

/**
 * `/api/tenants/`: the superadmin's clients and each client's users. Block, unblock and a user's new
 * password stay GETs, as the spec's client calls them (the routes answer them `no-store`).
 */
export const tenantEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'tenants/',
    permission: ['view', 'tenants'],
    summary: 'Clients (paginated, ?format=csv)',
    tags,
    schemas: async () => {
      const { listTenantsQuerySchema, paginatedTenantsSchema } = await schemas();
      return { query: listTenantsQuerySchema, response: paginatedTenantsSchema };
    },
  }),
  create: endpoint({
    method: 'POST',
    path: 'tenants/',
    permission: ['create', 'tenants'],
    status: [201],
    summary: 'Create a client with its settings and services',
    tags,
    schemas: async () => {
      const { createTenantInputSchema, tenantSchema } = await schemas();
      return { body: createTenantInputSchema, response: tenantSchema };
    },
  }),
  aliases: endpoint({
    method: 'GET',
    path: 'tenants/aliases/',
    permission: ['view', 'tenants'],
    summary: 'Configured database aliases',
    tags,
    schemas: async () => ({ response: (await schemas()).aliasesSchema }),
  }),
  get: endpoint({
    method: 'GET',
    path: 'tenants/:id/',
    permission: ['view', 'tenants'],
    summary: 'One client',
    tags,
    schemas: async () => ({ response: (await schemas()).tenantSchema }),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'tenants/:id/',
    permission: ['update', 'tenants'],
    summary: 'Partial update (db_alias cannot change)',
    tags,
    schemas: async () => {
      const { updateTenantInputSchema, tenantSchema } = await schemas();
      return { body: updateTenantInputSchema, response: tenantSchema };
    },
  }),
  block: endpoint({
    method: 'GET',
    path: 'tenants/:id/block/',
    permission: ['update', 'tenants'],
    summary: "Block a client: its users' tokens stop working at once",
    tags,
    schemas: async () => ({ response: (await schemas()).tenantSchema }),
  }),
  unblock: endpoint({
    method: 'GET',
    path: 'tenants/:id/unblock/',
    permission: ['update', 'tenants'],
    summary: 'Unblock a client',
    tags,
    schemas: async () => ({ response: (await schemas()).tenantSchema }),
  }),
  users: endpoint({
    method: 'GET',
    path: 'tenants/:id/users/',
    permission: ['view', 'tenant_users'],
    summary: "A client's users (paginated, ?format=csv)",
    tags: userTags,
    schemas: async () => {
      const { listUsersQuerySchema, paginatedUsersSchema } = await users();
      return { query: listUsersQuerySchema, response: paginatedUsersSchema };
    },
  }),
  createUser: endpoint({
    method: 'POST',
    path: 'tenants/:id/users/',
    permission: ['create', 'tenant_users'],
    status: [201],
    summary: "Create a client's user",
    tags: userTags,
    schemas: async () => {
      const { createUserInputSchema, userSchema } = await users();
      return { body: createUserInputSchema, response: userSchema };
    },
  }),
  user: endpoint({
    method: 'GET',
    path: 'tenants/:id/users/:userId/',
    permission: ['view', 'tenant_users'],
    summary: "One of a client's users",
    tags: userTags,
    schemas: async () => ({ response: (await users()).userSchema }),
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: 'tenants/:id/users/:userId/',
    permission: ['update', 'tenant_users'],
    summary: "Partial update of a client's user",
    tags: userTags,
    schemas: async () => {
      const { updateUserInputSchema, userSchema } = await users();
      return { body: updateUserInputSchema, response: userSchema };
    },
  }),
  resetUserPassword: endpoint({
    method: 'GET',
    path: 'tenants/:id/users/:userId/reset-password/',
    permission: ['update', 'tenant_users'],
    summary: 'A new password for a client user, shown once',
    tags: userTags,
    schemas: async () => ({ response: (await import('../auth')).newPasswordSchema }),
  }),
};
