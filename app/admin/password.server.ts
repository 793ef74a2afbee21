/**
 * Admin passwords, hashed with scrypt (node:crypto): a random 16-byte salt
 * per password, N = 2^15, r = 8, p = 1, a 64-byte key, stored as
 * `scrypt$<N>$<r>$<p>$<salt>$<key>` (base64) so the cost can be raised
 * later without breaking the hashes already stored. About 50 ms and 32 MiB
 * per check: cheap for a person signing in, costly for a guesser.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))))

const COST = { N: 2 ** 15, r: 8, p: 1 } as const
const KEY_LENGTH = 64
/** scrypt needs 128 · N · r bytes; allow it with room. */
const maxmem = (N: number, r: number) => 256 * N * r

export { MIN_ADMIN_PASSWORD_LENGTH } from './password-rules'

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...COST, maxmem: maxmem(COST.N, COST.r) })
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$')
}

/** Whether `password` matches `stored`; false for anything that is not one of our hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const [N, R, P] = [Number(n), Number(r), Number(p)]
  if (![N, R, P].every((value) => Number.isSafeInteger(value) && value > 0) || N > 2 ** 20 || R > 32 || P > 16) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, { N, r: R, p: P, maxmem: maxmem(N, R) })
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** A hash that no password matches, checked when the e-mail is unknown so both answers take as long. */
let decoy: Promise<string> | undefined
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(32).toString('hex')))
