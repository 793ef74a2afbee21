import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import type { LeadActionData } from '~/leads/lead-action.server'

type Constraint = { required?: boolean; minLength?: number; maxLength?: number; pattern?: string }

/**
 * Conform's options for a lead form, as Conform documents them: the action's
 * last answer, the fields' native constraints (they work without JavaScript),
 * and the form's zod schema in the browser through `parseWithZod`. A field is
 * checked when it loses focus (`onSubmit` for the one-field newsletter), then
 * again on every input.
 *
 *   const [form, fields] = useForm<z.input<typeof schema>>(leadFormOptions({ id, schema, constraint, actionData }))
 */
export function leadFormOptions<Schema extends z.ZodType>({
  id,
  schema,
  constraint,
  actionData,
  shouldValidate = 'onBlur',
}: {
  id: string
  schema: Schema
  constraint: Record<string, Constraint>
  actionData: LeadActionData | undefined
  shouldValidate?: 'onBlur' | 'onSubmit'
}) {
  return {
    id,
    lastResult: actionData?.result,
    constraint,
    shouldValidate,
    shouldRevalidate: 'onInput' as const,
    onValidate: ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema }),
  }
}
