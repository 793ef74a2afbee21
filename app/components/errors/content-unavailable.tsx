import { useLocation } from '@remix-run/react'
import { CONTENT_UNAVAILABLE_MESSAGE, CONTENT_UNAVAILABLE_TITLE } from '~/content/messages'
import { whatsappHref, type SiteSettings } from '~/content/site-settings'

/**
 * What a visitor sees when the content source cannot answer (Sanity down or
 * unreachable: the loaders answer 503). Rendered by the root ErrorBoundary
 * with the root's settings (the built-in copy when the content is down: the
 * root loader never fails). Reloading the same address is the retry (the
 * response carries Retry-After: 60).
 */
export function ContentUnavailable({ settings }: { settings: Pick<SiteSettings, 'email' | 'phone' | 'whatsapp'> }) {
  const location = useLocation()
  return (
    <section className="mx-auto max-w-2xl px-4 pt-16 pb-20 text-center" aria-labelledby="conteudo-indisponivel-titulo">
      <p className="text-5xl font-bold text-brand-700" aria-hidden="true">
        503
      </p>
      <h1 id="conteudo-indisponivel-titulo" className="mt-4 text-2xl font-bold text-ink-900">
        {CONTENT_UNAVAILABLE_TITLE}
      </h1>
      <p className="mt-3 text-ink-700">{CONTENT_UNAVAILABLE_MESSAGE}</p>
      <p className="mt-3 text-ink-700">
        Enquanto isso, nosso atendimento continua funcionando: escreva para{' '}
        <a className="font-semibold text-brand-700 underline" href={`mailto:${settings.email}`}>
          {settings.email}
        </a>
        , ligue para{' '}
        <a className="font-semibold text-brand-700 underline" href={`tel:${settings.phone.e164}`}>
          {settings.phone.display}
        </a>{' '}
        ou{' '}
        <a className="font-semibold text-brand-700 underline" href={whatsappHref(settings)} target="_blank" rel="noopener noreferrer">
          fale conosco pelo WhatsApp
        </a>
        .
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-6">
        {/* A plain link to the same address: a real reload, with or without JavaScript. */}
        <a href={`${location.pathname}${location.search}`} className="font-semibold text-brand-700 underline">
          Tentar novamente
        </a>
        <a href="/" className="font-semibold text-brand-700 underline">
          Voltar para o início
        </a>
      </div>
    </section>
  )
}
