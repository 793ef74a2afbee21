import { SocialLinks } from '~/components/layout/social-links'
import { buttonClassName } from '~/components/ui/button'
import { NewTabNote } from '~/components/ui/new-tab-note'
import type { ContactPage } from '~/content/schemas'
import { whatsappHref, type SiteSettings } from '~/content/site-settings'

/** The side column of /contato: e-mail, phone and hours from the site settings, then WhatsApp and the social profiles; the words from the contact page. */
export function ContactDetails({ page, settings }: { page: Pick<ContactPage, 'info' | 'chat'>; settings: SiteSettings }) {
  return (
    <aside className="space-y-6">
      <section aria-labelledby="informacoes-contato" className="rounded-2xl bg-brand-50 p-6">
        <h2 id="informacoes-contato" className="text-lg font-bold text-ink-900">
          {page.info.title}
        </h2>
        <dl className="mt-4 space-y-3 text-ink-700">
          <div>
            <dt className="text-sm font-semibold text-ink-900">{page.info.emailLabel}</dt>
            <dd>
              <a className="text-brand-700 underline" href={`mailto:${settings.email}`}>
                {settings.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-ink-900">{page.info.phoneLabel}</dt>
            <dd>
              <a className="text-brand-700 underline" href={`tel:${settings.phone.e164}`}>
                {settings.phone.display}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-ink-900">{page.info.hoursLabel}</dt>
            {settings.businessHours.map((slot) => (
              <dd key={slot._key}>
                {slot.days}: {slot.hours}
              </dd>
            ))}
          </div>
        </dl>
      </section>
      <section aria-labelledby="conversa-imediata" className="rounded-2xl bg-ink-50 p-6">
        <h2 id="conversa-imediata" className="text-lg font-bold text-ink-900">
          {page.chat.title}
        </h2>
        <a
          href={whatsappHref(settings)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({ variant: 'whatsapp', fullWidth: true, className: 'mt-4' })}
        >
          {page.chat.whatsappLabel}
          <NewTabNote />
        </a>
        <SocialLinks profiles={settings.social} tone="light" className="mt-4" />
      </section>
    </aside>
  )
}
