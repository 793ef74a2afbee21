import { Form, Link } from '@remix-run/react'
import { lgpdCopy as copy } from '~/admin/lgpd-copy'
import type { LgpdView } from '~/admin/lgpd-page.server'
import { FormMessage } from '~/components/forms/lead-form-parts'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Container } from '~/components/ui/section'
import { formatDateTime } from '~/utils/dates'
import { adminLinkClass } from './admin-table'

/** /admin/lgpd: find by e-mail (GET), export (a file), delete after a confirmation step (POST): all without JavaScript. */
export function LgpdRequests({ view, message }: { view: LgpdView; message: string | null }) {
  const query = `email=${encodeURIComponent(view.email)}`
  return (
    <Container className="max-w-4xl py-10">
      <h1 className="text-3xl font-bold text-ink-900">{copy.title}</h1>
      <p className="mt-2 text-ink-700">{copy.lead}</p>
      {view.deleted !== null ? (
        <p role="status" className="mt-4 font-semibold text-ink-900">
          {copy.deleted(view.deleted.leads)}
          {view.deleted.spam > 0 ? copy.deletedSpam(view.deleted.spam) : null}
        </p>
      ) : null}
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-4">
        <Field id="lgpd-email" name="email" type="email" label={copy.email} defaultValue={view.email} required className="min-w-72 flex-1" />
        <Button type="submit">{copy.find}</Button>
      </Form>
      {view.invalid ? <FormMessage message={copy.invalid} /> : null}
      {view.leads && view.leads.length + view.spam === 0 ? <p className="mt-6 text-ink-700">{copy.none(view.email)}</p> : null}
      {view.leads && view.leads.length + view.spam > 0 ? (
        <section aria-labelledby="lgpd-encontrado" className="mt-8">
          <h2 id="lgpd-encontrado" className="text-xl font-bold text-ink-900">
            {copy.found(view.leads.length)}
          </h2>
          <ul className="mt-3 space-y-1 text-ink-700" data-testid="lgpd-leads">
            {view.leads.map((lead) => (
              <li key={lead.id}>
                <Link to={`/admin/leads/${lead.id}`} className={adminLinkClass}>
                  {lead.name}
                </Link>{' '}
                · {lead.source} · {formatDateTime(lead.createdAt)}
              </li>
            ))}
          </ul>
          {view.spam > 0 ? (
            <p className="mt-3 text-ink-700" data-testid="lgpd-spam">
              {copy.spam(view.spam)}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-6">
            <a href={`/admin/lgpd.json?${query}`} className={adminLinkClass} download>
              {copy.exportJson}
            </a>
            {view.confirming ? null : (
              <Link to={`?${query}&confirmar=1`} className={adminLinkClass}>
                {copy.remove}
              </Link>
            )}
          </div>
          {view.confirming ? (
            <Form method="post" className="mt-8 space-y-4 rounded-2xl p-5 ring-2 ring-danger-600">
              <h2 className="text-xl font-bold text-ink-900">{copy.confirmTitle}</h2>
              <p className="text-ink-700">{copy.confirmText}</p>
              <FormMessage message={message} />
              <input type="hidden" name="email" value={view.email} />
              <Field id="lgpd-confirmacao" name="confirmacao" type="email" label={copy.confirmField} required autoComplete="off" />
              <div className="flex flex-wrap items-center gap-4">
                <Button type="submit">{copy.confirm}</Button>
                <Link to={`?${query}`} className={adminLinkClass}>
                  {copy.cancel}
                </Link>
              </div>
            </Form>
          ) : null}
        </section>
      ) : null}
    </Container>
  )
}
