import { CONSENT_PATH } from '~/analytics/consent'
import { CONSENT_COPY } from '~/analytics/consent-copy'
import { ConsentChoiceForm } from '~/components/layout/consent-choice-form'
import { PrivacyPolicySentence } from '~/components/ui/privacy-policy-sentence'
import { Container } from '~/components/ui/section'
import { CONSENT_COOKIE, LEAD_RECEIPT_COOKIE, ORIGIN_COOKIE, type ConsentChoice } from '~/utils/cookie-names'
import { PageHero } from './page-hero'

/** The page's words (the banner's, shared with it, are in analytics/consent.ts). */
const copy = {
  title: 'Preferências de cookies',
  subtitle: 'Você decide se podemos medir a sua visita e usar cookies de anúncios. Sem a sua permissão, nada disso é coletado.',
  cookiesTitle: 'Os cookies que usamos',
  moreIn: 'Mais detalhes na',
  cookies: [
    {
      name: ORIGIN_COOKIE,
      when: 'Sempre',
      what: 'Guarda de onde veio a sua visita (campanha, site de origem, primeira página) para que o contato que você enviar chegue com essa informação. Dura até você fechar o navegador.',
    },
    { name: CONSENT_COOKIE, when: 'Sempre', what: 'Guarda a sua escolha nesta página por seis meses.' },
    { name: LEAD_RECEIPT_COOKIE, when: 'Ao enviar um formulário', what: 'Confirma ao navegador que o seu contato foi recebido. Dura dois minutos.' },
    {
      name: '_ga, _gid (Google)',
      when: 'Só se você aceitar',
      what: 'Medem as visitas e as conversões do site no Google Analytics, pelo Google Tag Manager.',
    },
    { name: '_fbp, _fbc (Meta)', when: 'Só se você aceitar', what: 'Ligam um contato enviado ao anúncio do Facebook ou do Instagram que trouxe você.' },
  ],
} as const

/** /preferencias-de-cookies: the current choice, the two buttons, and every cookie the site uses (ADR 031). */
export function CookiePreferences({ choice, message }: { choice: ConsentChoice | null; message: string | null }) {
  return (
    <>
      <PageHero title={copy.title} subtitle={copy.subtitle} />
      <Container className="max-w-3xl py-12 lg:py-16">
        {/* The page is the banner's form: the banner hides here (app.css). */}
        <p role="status" data-cookie-preferences="" className="text-lead font-semibold text-ink-900">
          {choice ? CONSENT_COPY.current[choice] : CONSENT_COPY.current.none}
        </p>
        {message ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-danger-600">
            {message}
          </p>
        ) : null}
        <ConsentChoiceForm back={CONSENT_PATH} current={choice} className="mt-6" />
        <h2 className="mt-12 text-2xl font-bold text-ink-900">{copy.cookiesTitle}</h2>
        <ul className="mt-6 space-y-4">
          {copy.cookies.map((cookie) => (
            <li key={cookie.name} className="rounded-2xl p-5 ring-1 ring-ink-200">
              <p className="font-semibold text-ink-900">
                <code>{cookie.name}</code> <span className="text-sm font-normal text-ink-600">· {cookie.when}</span>
              </p>
              <p className="mt-1 text-ink-700">{cookie.what}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10">
          <PrivacyPolicySentence text={copy.moreIn} linkClassName="text-brand-700 underline-offset-4" />
        </p>
      </Container>
    </>
  )
}
