/**
 * What an admin password must be, where the browser can read it too: the
 * setup form's schema checks these before the server hashes anything
 * (password.server.ts re-exports them for the server's own checks).
 */

/** The shortest password an admin may have. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12

/** The longest a form accepts: scrypt takes any length, this bounds what one post makes it read. */
export const MAX_ADMIN_PASSWORD_LENGTH = 1024

export const adminPasswordMessages = {
  tooShort: `A senha precisa de pelo menos ${MIN_ADMIN_PASSWORD_LENGTH} caracteres.`,
  mismatch: 'As senhas não conferem.',
  blank: 'A senha não pode ser feita só de espaços.',
  weak: 'Esta senha é fácil de adivinhar (comum, repetida ou em sequência). Use uma frase mais longa e menos previsível.',
} as const
