import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, not importable with isolatedModules)

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Spends the time of one verification: unknown users cost the same as wrong passwords. */
  verifyDummy(password: string): Promise<void>;
}

/** argon2id with the configured cost (tests run with the minimum). */
export function createPasswordHasher(cost: { memoryCost: number; timeCost: number }): PasswordHasher {
  const options = { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  let dummyHash: Promise<string> | null = null;
  return {
    hash: (password) => hash(password, options),
    verify: async (hashed, password) => {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
    verifyDummy: async (password) => {
      dummyHash ??= hash('dummy-password-for-timing', options);
      await verify(await dummyHash, password).catch(() => false);
    },
  };
}
