import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { Field, SelectField } from '~/components/ui/field'

/**
 * An admin table's filters (the leads, the audit log): a GET form, so the
 * view lives in the URL and works without JavaScript; its fields in a grid
 * (`className` sets the columns), then the button that applies them and the
 * link that clears them (`clearTo`: the page without a view).
 */
export function AdminFiltersForm({
  label,
  apply,
  clear,
  clearTo,
  className,
  children,
}: {
  label: string
  apply: string
  clear: string
  clearTo: string
  className?: string
  children: ReactNode
}) {
  return (
    <Form method="get" className={cx('mt-6 grid gap-4 rounded-2xl bg-ink-50 p-5', className)} aria-label={label}>
      {children}
      <div className="col-span-full flex flex-wrap items-center gap-4">
        <Button type="submit">{apply}</Button>
        <Link to={clearTo} className="font-semibold text-brand-700 underline">
          {clear}
        </Link>
      </div>
    </Form>
  )
}

/** A view's first and last Brasília days (`de`, `ate`), as date inputs. */
export function DayRangeFields({ idPrefix, labels, days }: { idPrefix: string; labels: { from: string; to: string }; days: { de?: string; ate?: string } }) {
  return (
    <>
      <Field id={`${idPrefix}-de`} name="de" type="date" label={labels.from} defaultValue={days.de ?? ''} />
      <Field id={`${idPrefix}-ate`} name="ate" type="date" label={labels.to} defaultValue={days.ate ?? ''} />
    </>
  )
}

/** A filter's select: "any" first (no filter), then its choices, the view's value chosen. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  any,
  options,
}: {
  id: string
  name: string
  label: string
  value: string | undefined
  any: string
  options: ReadonlyArray<{ value: string; label: string }>
}) {
  return <SelectField id={id} name={name} label={label} defaultValue={value ?? ''} placeholder={any} options={options} />
}
