import { cx } from '~/components/ui/class-names'
import { NewTabNote } from '~/components/ui/new-tab-note'
import { socialLabel, type SiteSettings } from '~/content/site-settings'

/** The agency's social profiles, each opening in a new tab (said to screen readers). */
export function SocialLinks({ profiles, tone, className }: { profiles: SiteSettings['social']; tone: 'light' | 'dark'; className?: string }) {
  return (
    <ul className={cx('flex flex-wrap gap-3', className)} aria-label="Redes sociais">
      {profiles.map((profile) => (
        <li key={profile._key}>
          <a
            href={profile.url}
            target="_blank"
            rel="noopener noreferrer"
            className={cx(
              'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold',
              tone === 'dark'
                ? 'border-white/20 text-white hover:border-accent-300 hover:text-accent-300'
                : 'border-ink-300 text-ink-800 hover:border-brand-600',
            )}
          >
            {socialLabel(profile.network)}
            <NewTabNote />
          </a>
        </li>
      ))}
    </ul>
  )
}
