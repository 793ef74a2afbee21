import { Form, Link, NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ADMIN_SECTIONS, adminShellCopy as copy } from '~/admin/admin-copy'
import { useRootSettings } from '~/components/hooks/use-site-settings'
import { Button } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { Container } from '~/components/ui/section'
import { builtInBrand } from '~/content/built-in-site-settings'
import { methodNotAllowedCopy } from '~/content/messages'

/**
 * The admin area's own frame (ADR 038), in place of the public site's: the
 * brand, and for a signed-in admin the area's navigation (the current
 * section marked with aria-current="page"), who is signed in and the way out
 * (a post, so it works without JavaScript); then the page's `<main>`. The
 * sign-in and first-admin pages have no admin yet, so no navigation. The
 * navigation has a line of its own (wrapping only on a narrow screen).
 */
export function AdminShell({ email, children }: { email: string | null; children: ReactNode }) {
  const brand = useRootSettings()?.brand ?? builtInBrand
  return (
    <>
      <header className="border-b border-ink-200 bg-white">
        <Container className="flex flex-wrap items-center gap-x-8 gap-y-3 py-3">
          <p className="font-extrabold text-ink-900">
            {brand} <span className="font-semibold text-ink-700">· {copy.area}</span>
          </p>
          {email ? <AdminNavigation email={email} /> : null}
        </Container>
      </header>
      <main id="conteudo" className="flex-1">
        {children}
      </main>
    </>
  )
}

const sectionClass = ({ isActive }: { isActive: boolean }) =>
  cx('rounded font-semibold underline-offset-4', isActive ? 'text-brand-700 underline decoration-2' : 'text-ink-700 hover:text-brand-700 hover:underline')

function AdminNavigation({ email }: { email: string }) {
  return (
    <>
      {/* A line of its own under the brand and the account, so its sections never wrap on a desktop. */}
      <nav aria-label={copy.area} className="order-last min-w-0 basis-full">
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end} className={sectionClass}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="ml-auto flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <p className="min-w-0 text-ink-700">
          {copy.signedInAs} <strong className="break-all text-ink-900">{email}</strong>
        </p>
        <Form method="post" action="/admin/sair">
          <Button type="submit" variant="secondary" size="sm">
            {copy.signOut}
          </Button>
        </Form>
      </div>
    </>
  )
}

/** A page of the area that could not be shown: not found (a lead deleted since), or failed. */
export function AdminErrorMessage({ status }: { status: number }) {
  const { title, text } =
    status === 404 ? { title: copy.notFoundTitle, text: copy.notFound } : status === 405 ? methodNotAllowedCopy : { title: copy.errorTitle, text: copy.error }
  return (
    <Container className="max-w-2xl py-16">
      <h1 className="text-3xl font-bold text-ink-900">{title}</h1>
      <p className="mt-3 text-ink-700">{text}</p>
      <p className="mt-6">
        <Link to="/admin" className="font-semibold text-brand-700 underline">
          {copy.back}
        </Link>
      </p>
    </Container>
  )
}
