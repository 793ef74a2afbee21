import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { cx } from './class-names'
import { AlertCircleIcon, ChevronDownIcon } from './icons'

/**
 * Form fields: a label, the control, an optional hint and the error list,
 * wired together for assistive tech. The control gets `aria-invalid` and
 * `aria-describedby` (hint and errors) only when there is something to point at.
 *
 * Built to take Conform's metadata as it comes: the ids match Conform's own
 * (`${id}-description`, `${id}-error`) and the control props spread in.
 *
 *   <Field
 *     label="Nome"
 *     hint="Como prefere ser chamado"
 *     errors={fields.name.errors}
 *     {...getInputProps(fields.name, { type: 'text' })}
 *   />
 *
 * Any `aria-invalid`/`aria-describedby` passed in is replaced by the ones
 * computed here, so the references always match what is on screen.
 */

export type FieldErrors = ReadonlyArray<string | null | undefined> | null | undefined

export const hintIdFor = (id: string) => `${id}-description`
export const errorIdFor = (id: string) => `${id}-error`

function cleanErrors(errors: FieldErrors): string[] {
  return (errors ?? []).filter((error): error is string => typeof error === 'string' && error.length > 0)
}

/** The `aria-*` attributes of a control, from its id, hint and errors. */
export function describedBy({ id, hasHint, errors }: { id: string; hasHint: boolean; errors: FieldErrors }) {
  const invalid = cleanErrors(errors).length > 0
  const ids = [hasHint ? hintIdFor(id) : null, invalid ? errorIdFor(id) : null].filter(Boolean)
  return {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  } as const
}

/** A list of error messages in the danger colour; renders nothing when there are none. */
export function ErrorList({ id, errors, className }: { id?: string; errors: FieldErrors; className?: string }) {
  const messages = [...new Set(cleanErrors(errors))]
  if (messages.length === 0) return null
  return (
    // role="list": Safari drops list semantics from a list without bullets.
    // eslint-disable-next-line jsx-a11y/no-redundant-roles
    <ul role="list" id={id} className={cx('flex flex-col gap-1', className)}>
      {messages.map((message) => (
        <li key={message} className="flex items-start gap-1.5 text-sm font-medium text-danger-600">
          <AlertCircleIcon className="mt-px size-4 shrink-0" />
          <span>{message}</span>
        </li>
      ))}
    </ul>
  )
}

type CommonFieldProps = {
  /** Required: it becomes the control's id and ties label, hint and errors together. */
  id: string
  name: string
  label: ReactNode
  hint?: ReactNode
  errors?: FieldErrors
  /** Classes for the wrapper (spacing, grid placement). */
  className?: string
}

const labelClass = 'text-sm font-semibold text-ink-800'
const hintClass = 'text-sm text-ink-600'

/** ink-500 borders: 4.8:1 on white, above the 3:1 that control outlines need. */
const controlClass =
  'block w-full rounded-xl border border-ink-500 bg-white px-4 py-2.5 text-base text-ink-900 shadow-xs ' +
  'placeholder:text-ink-500 transition-colors duration-150 ' +
  'hover:border-ink-700 focus:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 ' +
  'aria-invalid:border-danger-600 aria-invalid:focus-visible:outline-danger-600 ' +
  'disabled:cursor-not-allowed disabled:bg-ink-100 disabled:text-ink-600'

function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null
  // The `required` attribute already tells assistive tech; the asterisk is for the eye.
  return (
    <span aria-hidden="true" className="ml-0.5 text-danger-600">
      *
    </span>
  )
}

function FieldShell({ id, label, hint, errors, required, className, children }: Omit<CommonFieldProps, 'name'> & { required?: boolean; children: ReactNode }) {
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={labelClass}>
        {label}
        <RequiredMark required={required} />
      </label>
      {children}
      {hint ? (
        <p id={hintIdFor(id)} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorIdFor(id)} errors={errors} />
    </div>
  )
}

export type FieldProps = CommonFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'className'>

/** A labelled `<input>` (text, email, tel, number...). */
export function Field({ id, name, label, hint, errors, className, ...inputProps }: FieldProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} errors={errors} required={inputProps.required} className={className}>
      <input {...inputProps} id={id} name={name} className={controlClass} {...describedBy({ id, hasHint: Boolean(hint), errors })} />
    </FieldShell>
  )
}

export type TextareaFieldProps = CommonFieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'className'>

/** A labelled `<textarea>`; 4 rows unless told otherwise. */
export function TextareaField({ id, name, label, hint, errors, className, rows = 4, ...textareaProps }: TextareaFieldProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} errors={errors} required={textareaProps.required} className={className}>
      <textarea
        {...textareaProps}
        id={id}
        name={name}
        rows={rows}
        className={cx(controlClass, 'min-h-24 resize-y')}
        {...describedBy({ id, hasHint: Boolean(hint), errors })}
      />
    </FieldShell>
  )
}

export type SelectOption = { value: string; label: string; disabled?: boolean }

export type SelectFieldProps = CommonFieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'className' | 'children'> & {
    options: ReadonlyArray<SelectOption>
    /** A first, empty choice such as 'Selecione um serviço'. */
    placeholder?: string
  }

/** A labelled native `<select>`: keyboard, mobile pickers and no-JS for free. */
export function SelectField({ id, name, label, hint, errors, className, options, placeholder, ...selectProps }: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} hint={hint} errors={errors} required={selectProps.required} className={className}>
      <div className="relative">
        <select
          {...selectProps}
          id={id}
          name={name}
          className={cx(controlClass, 'appearance-none pr-11')}
          {...describedBy({ id, hasHint: Boolean(hint), errors })}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-ink-600" />
      </div>
    </FieldShell>
  )
}

export type CheckboxFieldProps = CommonFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'className' | 'type'>

/** A checkbox with its label beside it (consent, options); the whole label is clickable. */
export function CheckboxField({ id, name, label, hint, errors, className, ...inputProps }: CheckboxFieldProps) {
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <div className="flex items-start gap-3">
        <input
          {...inputProps}
          type="checkbox"
          id={id}
          name={name}
          className={cx(
            'mt-0.5 size-5 shrink-0 cursor-pointer rounded border-ink-500 accent-brand-600',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            'disabled:cursor-not-allowed',
          )}
          {...describedBy({ id, hasHint: Boolean(hint), errors })}
        />
        <label htmlFor={id} className="cursor-pointer text-base text-ink-800">
          {label}
          <RequiredMark required={inputProps.required} />
        </label>
      </div>
      {hint ? (
        <p id={hintIdFor(id)} className={cx(hintClass, 'pl-8')}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorIdFor(id)} errors={errors} className="pl-8" />
    </div>
  )
}
