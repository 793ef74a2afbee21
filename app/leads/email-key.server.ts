import { createHash } from 'node:crypto'

/**
 * How a lock or a limit keys an e-mail: the SHA-256 (hex) of the address
 * trimmed and lower-cased, so `Ana@X.com` and `ana@x.com` are one key. The
 * address itself is never a key: the limits' and locks' tables hold no
 * e-mail (issue 43), and an LGPD deletion finds their rows by the same digest.
 */
export const emailKey = (email: string): string => createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex')
