import { z } from 'zod'
import { toolLeadFields } from '~/leads/form-schemas'
import { ANSWERS_FIELD, RUN_PARAM } from './steps'

export const MISSING_ANSWERS_MESSAGE = 'Não encontramos as respostas do seu teste. Faça o teste novamente para ver o resultado.'

/**
 * The results page's lead form: the tools' contact fields and,
 * hidden, the answers (one digit per question) and, without JavaScript, the
 * stored run they came from. The server scores the answers again.
 */
export const presenceTestLeadSchema = z.object({
  ...toolLeadFields,
  [ANSWERS_FIELD]: z.string({ error: MISSING_ANSWERS_MESSAGE }).regex(/^[0-4]{1,64}$/, MISSING_ANSWERS_MESSAGE),
  [RUN_PARAM]: z.string().max(36).optional(),
})

/** The lead form's fields before parsing: the type its `useForm` is given. */
export type PresenceTestLeadFields = z.input<typeof presenceTestLeadSchema>
