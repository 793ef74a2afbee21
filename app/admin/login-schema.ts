import { z } from 'zod'

/** The admin sign-in form's one schema: the server parses with it, the browser validates with it (Conform). */
export const adminLoginSchema = z.object({
  email: z.string({ error: 'Informe o seu e-mail.' }).trim().max(254).email({ message: 'Informe um e-mail válido.' }),
  password: z.string({ error: 'Informe a sua senha.' }).min(1, { message: 'Informe a sua senha.' }).max(1024),
  voltar: z.string().max(500).optional(),
})

export const ADMIN_LOGIN_FIELDS = new Set(Object.keys(adminLoginSchema.shape))
