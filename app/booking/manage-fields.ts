/**
 * The form of /agendar/sessao (booking-manage.server.ts): the token again,
 * in a hidden field, and what to do. Shared by the page and the server.
 */
export const MANAGE_FIELDS = { token: 't', intent: 'acao' } as const
export const MANAGE_INTENTS = { cancel: 'cancelar', reschedule: 'remarcar' } as const
