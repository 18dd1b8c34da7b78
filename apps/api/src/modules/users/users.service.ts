import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ListQuery } from '@meterline/contract/pagination';
import { assignableRoles } from '@meterline/contract/permissions';
import type { Me, UpdateUserInput, User } from '@meterline/contract/users';
import { PROFILE_FIELDS } from '@meterline/contract/users';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { ErrorLanguage } from '@meterline/contract/error-messages';
import type { DatabaseRegistry, Db, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import type { Mailer } from '../../lib/mailer';
import type { PasswordHasher } from '../../lib/password';
import { assertStrongPassword } from '../../lib/password-strength';
import { generatePassword } from '../../lib/random';
import type { Actor, SignedInRows } from '../../plugins/request-context';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { createOtpSecret, otpauthUri, verifyOtp } from '../../lib/otp';
import { createMediaName, mediaUrl, ownMediaNameOf, deleteUpload, insertUpload } from '../media/index';
import type { AvatarFile } from './avatar-form';
import { createLimiter, type LimiterStore } from '../../lib/throttle';
import {
  countOtherActiveAdmins,
  findActiveUsersByEmail,
  findTenantNames,
  findTenantUser,
  findUserWithTenant,
  type UserWithTenant,
  insertUser,
  isAvatarInUse,
  isUsernameTaken,
  listUsersSource,
  lockUsersTenantRow,
  toUser,
  updateUserRow,
  type UserRow,
} from './users.repository';
import { findSettings } from '../config/index';
import { tenantSummaryOf } from './tenant-summary';

const RESET_TOKEN_SECONDS = 24 * 3600;

export interface TenantScope {
  tenantId: number;
}

type CreateUserData = {
  username: string;
  password: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  role: string;
  is_active: boolean;
};

/** Users of a tenant, the signed-in user's own profile, passwords and one-time codes. */
const RESET_EMAIL: Record<ErrorLanguage, (name: string, link: string) => { subject: string; text: string }> = {
  en: (name, link) => ({
    subject: 'Meterline password reset',
    text: `Hello ${name},\n\nOpen this link to choose a new password (valid for 24 hours):\n${link}\n\nIf you did not ask for it, ignore this message.`,
  }),
  ar: (name, link) => ({
    subject: 'إعادة تعيين كلمة المرور في Meterline',
    text: `مرحبًا ${name}،\n\nافتح هذا الرابط لاختيار كلمة مرور جديدة (صالح لمدة 24 ساعة):\n${link}\n\nإذا لم تطلب ذلك، تجاهل هذه الرسالة.`,
  }),
};

export function createUserService(deps: {
  databases: DatabaseRegistry;
  passwords: PasswordHasher;
  /** Ends every session of a user (the auth module's token service): after a password, role or active change. */
  tokens: { revokeAllForUser(userId: number): Promise<void> };
  mailer: Mailer;
  clock: Clock;
  secret: string;
  publicUrl: string;
  limiterStore: LimiterStore;
  resetLimits: { perIpPerHour: number; perEmailPerHour: number };
}) {
  const { databases, passwords, tokens, clock } = deps;
  const db: Db = databases.default;
  const resetPerIp = createLimiter(deps.limiterStore, { name: 'reset-ip', points: deps.resetLimits.perIpPerHour, windowSeconds: 3600 });
  const resetPerEmail = createLimiter(deps.limiterStore, {
    name: 'reset-email',
    points: deps.resetLimits.perEmailPerHour,
    windowSeconds: 3600,
  });
  const userInputsOf = (user: UserRow) => [user.username, user.email, user.firstName, user.lastName];
  /** A password may not be the client's name or slug (null: the superadmin, the product's name only). */
  const tenantNamesOf = (tenant: UserWithTenant['tenant']) => (tenant ? [tenant.name, tenant.slug] : []);

  function resetToken(user: UserRow, issuedAtSeconds: number): string {
    const stamp = issuedAtSeconds.toString(36);
    const mac = createHmac('sha256', deps.secret)
      .update(`${user.id}|${user.passwordHash}|${user.lastLogin?.getTime() ?? ''}|${stamp}`)
      .digest('base64url')
      .slice(0, 32);
    return `${stamp}-${mac}`;
  }

  async function requireTenantUser(scope: TenantScope, userId: number): Promise<UserRow> {
    const row = await findTenantUser(db, scope, userId);
    if (!row) throw notFound();
    return row;
  }

  function assertAssignableRole(actor: Actor, role: string | undefined) {
    if (role !== undefined && !(assignableRoles(actor.role) as string[]).includes(role)) {
      throw fieldError('role', ERROR_CODES.roleNotAllowed);
    }
  }

  /**
   * A client keeps at least one active admin. Called inside the change's transaction: the client's
   * row is locked first, so two admins demoting each other at once are taken one after the other
   * (the second then sees no other admin and is refused).
   */
  async function assertKeepsAnAdmin(tx: Executor, scope: TenantScope, row: UserRow, next: { role?: string; isActive?: boolean }) {
    const staysAdmin = (next.role ?? row.role) === 'admin' && (next.isActive ?? row.isActive);
    if (row.role !== 'admin' || !row.isActive || staysAdmin) return;
    await lockUsersTenantRow(tx, scope.tenantId);
    if ((await countOtherActiveAdmins(tx, scope, row.id)) === 0) {
      throw conflict(ERROR_CODES.lastAdmin);
    }
  }

  /**
   * The tenant part of `users/me/`: the tenant's row comes with the user's (one statement), the
   * settings from its database, unless that statement read them already (`read`: one round trip less, docs/performance.md).
   */
  async function tenantSummary(tenantRow: UserWithTenant['tenant'], read?: SignedInRows['scope']): Promise<Me['tenant']> {
    if (tenantRow === null || tenantRow.dbAlias === null) return null;
    const config = read ? read.settings : await findSettings(databases.get(tenantRow.dbAlias), { tenantId: tenantRow.id });
    return tenantSummaryOf(tenantRow, config);
  }

  return {
    toUser: (row: UserRow): User => toUser(row),

    /** `signedIn`: the rows the request's authentication read (the same user), else they are read here. */
    async me(actor: Actor, signedIn?: SignedInRows | null): Promise<Me> {
      const found = signedIn?.user.id === actor.userId ? signedIn : await findUserWithTenant(db, actor.userId);
      if (!found) throw notFound();
      return { ...toUser(found.user), tenant: await tenantSummary(found.tenant, signedIn?.scope) };
    },

    listSource(scope: TenantScope, query: ListQuery & { role?: string; is_active?: boolean }): ListSource<User> {
      return listUsersSource(db, scope, query);
    },

    async get(scope: TenantScope, userId: number): Promise<User> {
      return toUser(await requireTenantUser(scope, userId));
    },

    async getSelf(actor: Actor): Promise<User> {
      const found = await findUserWithTenant(db, actor.userId);
      if (!found) throw notFound();
      return toUser(found.user);
    },

    async create(actor: Actor, scope: TenantScope, input: CreateUserData, context: AuditContext): Promise<User> {
      assertAssignableRole(actor, input.role);
      if (await isUsernameTaken(db, input.username)) throw fieldError('username', ERROR_CODES.usernameTaken);
      assertStrongPassword(
        'password',
        input.password,
        [input.username, input.email, input.first_name, input.last_name],
        await findTenantNames(db, scope.tenantId),
      );
      const passwordHash = await passwords.hash(input.password);
      return db.transaction(async (tx) => {
        const row = await insertUser(tx, {
          tenantId: scope.tenantId,
          username: input.username,
          passwordHash,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone,
          role: input.role,
          isActive: input.is_active,
          dateJoined: clock.now(),
        });
        const user = toUser(row);
        await recordAudit(tx, context, { action: 'create', entity: 'user', entityId: row.id, after: user, tenantId: scope.tenantId });
        return user;
      });
    },

    /** Admin update of a tenant's user; own record: nobody changes their own role or deactivates themselves. */
    async update(actor: Actor, scope: TenantScope, userId: number, input: UpdateUserInput, context: AuditContext): Promise<User> {
      const row = await requireTenantUser(scope, userId);
      if (row.id === actor.userId) {
        if (input.role !== undefined && input.role !== row.role) throw fieldError('role', ERROR_CODES.ownRole);
        if (input.is_active === false) throw fieldError('is_active', ERROR_CODES.ownAccount);
      }
      assertAssignableRole(actor, input.role);
      return applyUpdate(row, input, context, scope.tenantId);
    },

    /** Own profile with only `update profile`: name, phone, email, avatar, digits. */
    async updateProfile(actor: Actor, input: UpdateUserInput, context: AuditContext): Promise<User> {
      const found = await findUserWithTenant(db, actor.userId);
      if (!found) throw notFound();
      const disallowed = Object.keys(input).filter(
        (key) => (input as Record<string, unknown>)[key] !== undefined && !(PROFILE_FIELDS as readonly string[]).includes(key),
      );
      if (disallowed.length) throw forbidden();
      return applyUpdate(found.user, input, context, found.user.tenantId);
    },

    /**
     * Own picture upload (docs/security.md), stored as the logo is: in the tenant's `uploads`, under
     * a random name, served by `/api/media/<name>`; `avatar` becomes that URL. The file lives on the
     * tenant's database and the user on `default`: the file is written first and removed again if
     * the user's row cannot be.
     */
    async uploadAvatar(actor: Actor, file: AvatarFile, context: AuditContext): Promise<User> {
      const found = await findUserWithTenant(db, actor.userId);
      if (!found) throw notFound();
      const { user, tenant } = found;
      if (user.tenantId === null || !tenant) throw fieldError('avatar', ERROR_CODES.avatarNoTenant);
      const scope = { tenantId: user.tenantId };
      const tenantDb = databases.get(tenant.dbAlias);
      const name = createMediaName(scope.tenantId, file.type.extension);
      await insertUpload(tenantDb, scope, { name, contentType: file.type.contentType, data: file.data, createdAt: clock.now() });
      let updated: UserRow;
      try {
        updated = await db.transaction(async (tx) => {
          const after = await updateUserRow(tx, user.id, { avatar: mediaUrl(name) });
          await recordAudit(tx, context, {
            action: 'update_avatar',
            entity: 'user',
            entityId: user.id,
            before: toUser(user),
            after: toUser(after),
            tenantId: scope.tenantId,
          });
          return after;
        });
      } catch (error) {
        await deleteUpload(tenantDb, scope, name);
        throw error;
      }
      await releaseUploadedAvatar(user);
      return toUser(updated);
    },

    /** Own picture removed (uploaded or an address): `avatar` becomes null. No picture, nothing is recorded. */
    async deleteAvatar(actor: Actor, context: AuditContext): Promise<void> {
      const found = await findUserWithTenant(db, actor.userId);
      if (!found) throw notFound();
      const { user } = found;
      if (user.avatar === null) return;
      await db.transaction(async (tx) => {
        const after = await updateUserRow(tx, user.id, { avatar: null });
        await recordAudit(tx, context, {
          action: 'delete_avatar',
          entity: 'user',
          entityId: user.id,
          before: toUser(user),
          after: toUser(after),
          tenantId: user.tenantId,
        });
      });
      await releaseUploadedAvatar(user);
    },

    async deactivate(actor: Actor, scope: TenantScope, userId: number, context: AuditContext): Promise<void> {
      const row = await requireTenantUser(scope, userId);
      if (row.id === actor.userId) throw fieldError('non_field_errors', ERROR_CODES.ownAccount);
      if (!row.isActive) return;
      await db.transaction(async (tx) => {
        await assertKeepsAnAdmin(tx, scope, row, { isActive: false });
        const after = await updateUserRow(tx, row.id, { isActive: false }, { endSessions: true });
        await recordAudit(tx, context, {
          action: 'deactivate',
          entity: 'user',
          entityId: row.id,
          before: toUser(row),
          after: toUser(after),
          tenantId: scope.tenantId,
        });
      });
      await tokens.revokeAllForUser(row.id);
    },

    /** A new password for a staff member, shown once (`np`). */
    async resetPasswordFor(scope: TenantScope, userId: number, context: AuditContext): Promise<{ np: string }> {
      const row = await requireTenantUser(scope, userId);
      const np = generatePassword();
      await changePassword(row, np, context, 'reset_password');
      return { np };
    },

    async setPassword(actor: Actor, currentPassword: string, newPassword: string, context: AuditContext): Promise<void> {
      const found = await findUserWithTenant(db, actor.userId);
      if (!found) throw notFound();
      if (!(await passwords.verify(found.user.passwordHash, currentPassword))) {
        throw fieldError('current_password', ERROR_CODES.wrongPassword);
      }
      assertStrongPassword('new_password', newPassword, userInputsOf(found.user), tenantNamesOf(found.tenant));
      await changePassword(found.user, newPassword, context, 'set_password');
    },

    /**
     * Throttled per IP and per address; then answers at once and sends in the background
     * (`sending`) in the language the request asked for, so a known and an unknown address look alike, even when the mail server is down.
     */
    async requestPasswordReset(email: string, ip: string, language: ErrorLanguage = 'en'): Promise<{ sending: Promise<void> }> {
      await resetPerIp.consume(ip);
      await resetPerEmail.consume(email.trim().toLowerCase());
      return { sending: sendResetLinks(email, language) };
    },

    async confirmPasswordReset(uid: string, token: string, newPassword: string): Promise<void> {
      const invalid = () => fieldError('token', ERROR_CODES.resetLinkInvalid);
      const userId = Number.parseInt(Buffer.from(uid, 'base64url').toString('utf8'), 10);
      if (!Number.isInteger(userId) || userId <= 0) throw invalid();
      const found = await findUserWithTenant(db, userId);
      const stamp = token.split('-')[0] ?? '';
      const issuedAt = Number.parseInt(stamp, 36);
      if (!found || !found.user.isActive || !Number.isFinite(issuedAt)) throw invalid();
      if (clock.now().getTime() / 1000 - issuedAt > RESET_TOKEN_SECONDS) throw invalid();
      const expected = Buffer.from(resetToken(found.user, issuedAt));
      const given = Buffer.from(token);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
      assertStrongPassword('new_password', newPassword, userInputsOf(found.user), tenantNamesOf(found.tenant));
      await changePassword(
        found.user,
        newPassword,
        { actorId: found.user.id, actorRole: found.user.role, tenantId: found.user.tenantId, ip: null, requestId: null },
        'reset_password_confirm',
      );
    },

    async startOtp(actor: Actor, context: AuditContext): Promise<{ secret: string; otpauth_uri: string }> {
      const secret = createOtpSecret();
      await db.transaction(async (tx) => {
        await updateUserRow(tx, actor.userId, { otpPendingSecret: secret });
        // Recorded without the secret: only that a set-up started.
        await recordAudit(tx, context, { action: 'start_otp', entity: 'user', entityId: actor.userId, tenantId: actor.tenantId });
      });
      return { secret, otpauth_uri: otpauthUri(secret, actor.username) };
    },

    async confirmOtp(actor: Actor, code: string, context: AuditContext): Promise<void> {
      const found = await findUserWithTenant(db, actor.userId);
      if (!found?.user.otpPendingSecret) throw fieldError('code', ERROR_CODES.otpSetupNotStarted);
      const step = verifyOtp(found.user.otpPendingSecret, code, null, clock.now());
      if (step === null) throw fieldError('code', ERROR_CODES.otpInvalid);
      await db.transaction(async (tx) => {
        await updateUserRow(tx, actor.userId, {
          otpSecret: found.user.otpPendingSecret,
          otpPendingSecret: null,
          otpEnabled: true,
          otpLastTimeStep: step,
        });
        await recordAudit(tx, context, { action: 'enable_otp', entity: 'user', entityId: actor.userId, tenantId: found.user.tenantId });
      });
    },

    async disableOtp(actor: Actor, code: string, context: AuditContext): Promise<void> {
      const found = await findUserWithTenant(db, actor.userId);
      if (!found) throw notFound();
      if (!found.user.otpEnabled || !found.user.otpSecret) return;
      const step = verifyOtp(found.user.otpSecret, code, found.user.otpLastTimeStep, clock.now());
      if (step === null) throw fieldError('code', ERROR_CODES.otpInvalid);
      await db.transaction(async (tx) => {
        await updateUserRow(tx, actor.userId, { otpSecret: null, otpPendingSecret: null, otpEnabled: false, otpLastTimeStep: step });
        await recordAudit(tx, context, { action: 'disable_otp', entity: 'user', entityId: actor.userId, tenantId: found.user.tenantId });
      });
    },
  };

  async function applyUpdate(row: UserRow, input: UpdateUserInput, context: AuditContext, tenantId: number | null): Promise<User> {
    // An update without any field (`PUT {}`) changes nothing.
    if (Object.values(input).every((value) => value === undefined)) return toUser(row);
    if (input.username !== undefined && (await isUsernameTaken(db, input.username, row.id))) {
      throw fieldError('username', ERROR_CODES.usernameTaken);
    }
    const changesAccess =
      (input.role !== undefined && input.role !== row.role) || (input.is_active !== undefined && input.is_active !== row.isActive);
    const after = await db.transaction(async (tx) => {
      if (tenantId !== null) await assertKeepsAnAdmin(tx, { tenantId }, row, { role: input.role, isActive: input.is_active });
      const updated = await updateUserRow(
        tx,
        row.id,
        {
          username: input.username,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone,
          avatar: input.avatar,
          digits: input.digits,
          role: input.role,
          isActive: input.is_active,
        },
        { endSessions: changesAccess },
      );
      await recordAudit(tx, context, {
        action: 'update',
        entity: 'user',
        entityId: row.id,
        before: toUser(row),
        after: toUser(updated),
        tenantId,
      });
      return updated;
    });
    if (changesAccess) await tokens.revokeAllForUser(row.id);
    if (after.avatar !== row.avatar) await releaseUploadedAvatar(row);
    return toUser(after);
  }

  /**
   * After `previous`'s avatar changed: the bytes of its uploaded picture are deleted, so its URL
   * answers 404 as a replaced logo's does. Kept while another user's avatar or the tenant's logo
   * names the same file (an address can be typed in), and only ever in the user's own tenant.
   */
  async function releaseUploadedAvatar(previous: UserRow): Promise<void> {
    const name = ownMediaNameOf(previous.avatar, previous.tenantId);
    if (name === null || previous.avatar === null || previous.tenantId === null) return;
    if (await isAvatarInUse(db, previous.avatar)) return;
    const tenant = (await findUserWithTenant(db, previous.id))?.tenant;
    if (!tenant || tenant.id !== previous.tenantId || !databases.has(tenant.dbAlias)) return;
    const scope = { tenantId: previous.tenantId };
    const tenantDb = databases.get(tenant.dbAlias);
    if ((await findSettings(tenantDb, scope))?.logo === name) return;
    await deleteUpload(tenantDb, scope, name);
  }

  async function sendResetLinks(email: string, language: ErrorLanguage): Promise<void> {
    const matches = await findActiveUsersByEmail(db, email);
    const issuedAt = Math.floor(clock.now().getTime() / 1000);
    for (const user of matches) {
      const uid = Buffer.from(String(user.id)).toString('base64url');
      const link = `${deps.publicUrl}/reset-password/${uid}/${resetToken(user, issuedAt)}`;
      await deps.mailer.send({ to: user.email, ...RESET_EMAIL[language](user.firstName || user.username, link) });
    }
  }

  async function changePassword(row: UserRow, newPassword: string, context: AuditContext, action: string) {
    const passwordHash = await passwords.hash(newPassword);
    await db.transaction(async (tx) => {
      await updateUserRow(tx, row.id, { passwordHash }, { endSessions: true });
      await recordAudit(tx, context, { action, entity: 'user', entityId: row.id, tenantId: row.tenantId });
    });
    await tokens.revokeAllForUser(row.id);
  }
}

export type UserService = ReturnType<typeof createUserService>;
