import { Form, Link } from '@remix-run/react'
import type { LeadPage } from '~/admin/leads.server'
import { Button } from '~/components/ui/button'
import { Container } from '~/components/ui/section'

const copy = {
  title: 'Leads',
  signedInAs: 'Conectado como',
  signOut: 'Sair',
  total: (total: number) => `${total.toLocaleString('pt-BR')} ${total === 1 ? 'lead' : 'leads'}`,
  empty: 'Nenhum lead recebido ainda.',
  columns: ['Recebido em', 'Nome', 'E-mail', 'Telefone', 'Origem', 'Webhook'],
  delivery: { pending: 'pendente', delivered: 'entregue', failed: 'falhou', skipped: 'não configurado' } as Record<string, string>,
  previous: '← Mais recentes',
  next: 'Mais antigos →',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
} as const

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

/** The admin area's top line: who is signed in, and the way out (a post). */
export function AdminBar({ email }: { email: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-ink-200 pb-4">
      <p className="text-sm text-ink-700">
        {copy.signedInAs} <strong className="text-ink-900">{email}</strong>
      </p>
      <Form method="post" action="/admin/sair">
        <Button type="submit" variant="secondary" size="sm">
          {copy.signOut}
        </Button>
      </Form>
    </div>
  )
}

/** /admin: the leads, newest first, a page at a time. */
export function LeadsTable({ email, leads }: { email: string; leads: LeadPage }) {
  return (
    <Container className="py-10">
      <AdminBar email={email} />
      <div className="mt-8 flex items-baseline justify-between gap-4">
        <h1 className="text-3xl font-bold text-ink-900">{copy.title}</h1>
        <p className="text-ink-700">{copy.total(leads.total)}</p>
      </div>
      {leads.rows.length === 0 ? (
        <p className="mt-8 text-ink-700">{copy.empty}</p>
      ) : (
        // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="mt-6 overflow-x-auto rounded-2xl ring-1 ring-ink-200" tabIndex={0} role="region" aria-label={copy.title}>
          <table className="w-full text-left text-sm">
            <thead className="bg-ink-50 text-ink-900">
              <tr>
                {copy.columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-200 text-ink-700">
              {leads.rows.map((lead) => (
                <tr key={lead.id}>
                  <td className="px-4 py-3 whitespace-nowrap">{dateTime.format(new Date(lead.createdAt))}</td>
                  <td className="px-4 py-3 text-ink-900">{lead.name}</td>
                  <td className="px-4 py-3">{lead.email}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{lead.phone}</td>
                  <td className="px-4 py-3">{lead.source}</td>
                  <td className="px-4 py-3">{lead.delivery ? (copy.delivery[lead.delivery] ?? lead.delivery) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={copy.page(leads.page, leads.pages)} className="mt-6 flex items-center justify-between gap-4 text-sm">
        {leads.page > 1 ? (
          <Link to={`?pagina=${leads.page - 1}`} className="font-semibold text-brand-700 underline">
            {copy.previous}
          </Link>
        ) : (
          <span />
        )}
        <span className="text-ink-700">{copy.page(leads.page, leads.pages)}</span>
        {leads.page < leads.pages ? (
          <Link to={`?pagina=${leads.page + 1}`} className="font-semibold text-brand-700 underline">
            {copy.next}
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </Container>
  )
}
