import { getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Link } from '@remix-run/react'
import { useEffect, type FormEvent } from 'react'
import type { z } from 'zod'
import { Field } from '~/components/ui/field'
import { useIsPending } from '~/components/ui/status-button'
import { showToast } from '~/components/ui/toast'
import { CONSENT_NOTICE } from '~/leads/consent'
import type { LeadActionData } from '~/leads/lead-action.server'
import { formatPhone } from '~/leads/phone'

/** The short LGPD notice under a contact form, linking to the privacy policy. */
export function ConsentNotice({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <p className={tone === 'dark' ? 'text-sm text-brand-100' : 'text-sm text-ink-600'}>
      {CONSENT_NOTICE.text}{' '}
      <Link to={CONSENT_NOTICE.href} className="font-semibold underline underline-offset-2">
        {CONSENT_NOTICE.linkText}
      </Link>
      .
    </p>
  )
}

/** An input's mask while typing (JavaScript only): the field shows what `format` makes of what was typed. */
export const maskInput = (format: (typed: string) => string) => (event: FormEvent<HTMLInputElement>) => {
  const input = event.currentTarget
  const masked = format(input.value)
  if (masked !== input.value) input.value = masked
}

/** The Brazilian phone mask: digits only, at most 11, shown as (DD) NNNNN-NNNN. */
export const maskPhoneInput = maskInput(formatPhone)

/**
 * A form-level failure (rate limit, database): a toast with JavaScript, and
 * the same message inline so it is there without JavaScript too.
 */
export function useLeadErrorToast(actionData: LeadActionData | undefined) {
  useEffect(() => {
    if (actionData?.message) showToast({ type: 'error', title: 'Erro ao enviar', description: actionData.message })
  }, [actionData])
}

export function FormMessage({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-danger-600">
      {message}
    </p>
  )
}

/**
 * Conform for a lead form: the shared zod schema validates in the browser
 * (on blur, then as the visitor types) and on the server; the native
 * constraints keep the basics checked with JavaScript off; the action's reply
 * shows the server's messages. Form-level failures also raise a toast.
 */
export function useLeadForm<Schema extends z.ZodObject>({
  id,
  schema,
  constraint,
  actionData,
  shouldValidate = 'onBlur',
  defaultValue,
}: {
  id: string
  schema: Schema
  constraint: Record<string, { required?: boolean; minLength?: number; maxLength?: number; pattern?: string }>
  actionData: LeadActionData | undefined
  shouldValidate?: 'onBlur' | 'onSubmit'
  /** Values to start from (a multi-step form answered again by the server). */
  defaultValue?: Record<string, unknown>
}) {
  const conform = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: actionData?.result,
    constraint,
    shouldValidate,
    shouldRevalidate: 'onInput',
    defaultValue: defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const pending = useIsPending()
  useLeadErrorToast(actionData)
  return { form: conform[0], fields: conform[1], pending }
}

type ConformField = Parameters<typeof getInputProps>[0]

/** The e-mail field every contact form has. */
export function EmailField({ field, label = 'E-mail', className }: { field: ConformField; label?: string; className?: string }) {
  return <Field label={label} className={className} autoComplete="email" errors={field.errors} {...getInputProps(field, { type: 'email' })} />
}

/** The Brazilian phone field: numeric keypad, and the (DD) NNNNN-NNNN mask while typing with JavaScript. */
export function PhoneField({ field }: { field: ConformField }) {
  return (
    <Field
      label="Telefone / WhatsApp"
      autoComplete="tel"
      inputMode="tel"
      placeholder="(11) 98765-4321"
      onInput={maskPhoneInput}
      errors={field.errors}
      {...getInputProps(field, { type: 'tel' })}
    />
  )
}
