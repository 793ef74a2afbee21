import { z } from 'zod'
import { adminLoginSchema } from './login-schema'
import { adminPasswordMessages, MAX_ADMIN_PASSWORD_LENGTH, MIN_ADMIN_PASSWORD_LENGTH } from './password-rules'
import { adminSetupMessages } from './setup-copy'

/** The first admin's form (/admin/configurar), one schema: the server parses with it, the browser validates with it (Conform). */
export const adminSetupSchema = z
  .object({
    email: adminLoginSchema.shape.email,
    password: z
      .string({ error: adminSetupMessages.passwordRequired })
      .min(MIN_ADMIN_PASSWORD_LENGTH, { message: adminPasswordMessages.tooShort })
      .max(MAX_ADMIN_PASSWORD_LENGTH),
    confirmacao: z.string({ error: adminSetupMessages.confirmationRequired }).max(MAX_ADMIN_PASSWORD_LENGTH),
  })
  .refine((fields) => fields.password === fields.confirmacao, { message: adminPasswordMessages.mismatch, path: ['confirmacao'] })

export const ADMIN_SETUP_FIELDS = new Set(Object.keys(adminSetupSchema.shape))
