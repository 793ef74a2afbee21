/**
 * The WhatsApp handoff (ADR 049): every lead form's confirmation offers
 * 'Falar agora pelo WhatsApp', a link to our own address, which answers a
 * private redirect to the agency's WhatsApp with a message prefilled from
 * what the visitor just sent (read from their own cookie). The confirmation
 * itself stays the same page for everyone, so a shared cache may keep it.
 * Safe for the browser: the link's address, its words, its data-layer event.
 */
export const WHATSAPP_HANDOFF = {
  path: '/falar-no-whatsapp',
  label: 'Falar agora pelo WhatsApp',
  /** The data layer's event for the tap, with the form's name and location. */
  event: 'whatsapp_click',
} as const
