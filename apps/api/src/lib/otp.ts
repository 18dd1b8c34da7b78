import { generateSecret, generateURI, verifySync } from 'otplib';

export const OTP_ISSUER = 'Meterline';

export function createOtpSecret(): string {
  return generateSecret();
}

export function otpauthUri(secret: string, username: string): string {
  return generateURI({ issuer: OTP_ISSUER, label: username, secret });
}

/**
 * Checks a 6-digit code with one step of clock drift either side; a code works once
 * (steps at or before the last accepted one are refused).
 * Answers the accepted time step, or null.
 */
export function verifyOtp(secret: string, code: string, lastTimeStep: number | null, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = verifySync({
      secret,
      token,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
      ...(lastTimeStep !== null ? { afterTimeStep: lastTimeStep } : {}),
    });
    if (!result.valid) return null;
    return 'timeStep' in result ? Number(result.timeStep) : Math.floor(Date.now() / 30_000);
  } catch {
    return null;
  }
}
