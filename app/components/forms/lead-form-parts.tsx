import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { FormEvent } from 'react'
import { Field } from '~/components/ui/field'
import { PrivacyPolicySentence } from '~/components/ui/privacy-policy-sentence'
import { CONSENT_NOTICE } from '~/leads/consent'
import { formatPhone } from '~/leads/phone'

/** The short LGPD notice under a contact form, linking to the privacy policy. */
export function ConsentNotice({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <p className={tone === 'dark' ? 'text-sm text-brand-100' : 'text-sm text-ink-600'}>
      <PrivacyPolicySentence text={CONSENT_NOTICE.text} linkClassName="underline-offset-2" />
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

export function FormMessage({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-danger-600">
      {message}
    </p>
  )
}

/** The e-mail field every contact form has. */
export function EmailField({ field, label = 'E-mail', className }: { field: FieldMetadata<string>; label?: string; className?: string }) {
  return <Field label={label} className={className} autoComplete="email" errors={field.errors} {...getInputProps(field, { type: 'email' })} />
}

/** The Brazilian phone field: numeric keypad, and the (DD) NNNNN-NNNN mask while typing with JavaScript. */
export function PhoneField({ field }: { field: FieldMetadata<string> }) {
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
