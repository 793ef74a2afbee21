/**
 * The words of the strategy session's e-mails (issue 44, item 5): the
 * invitation, the reminders and the cancellation, to the person and to the
 * team. Server-only in use (invitation.server.ts), kept apart from the page's
 * words so the browser never loads them.
 */

/** A session's when and how, as every message names it. */
export type SessionFacts = {
  /** 'terça-feira, 1 de dezembro de 2026' */
  day: string
  /** '09:00' and '09:30', Brasília's clock. */
  start: string
  end: string
  specialist: string
  /** The meeting link, or null when the specialist calls the person's WhatsApp. */
  meetingUrl: string | null
  phone: string
}

const when = (session: SessionFacts) => `${session.day}, das ${session.start} às ${session.end} (horário de Brasília)`

const how = (session: SessionFacts) =>
  session.meetingUrl
    ? `Por videochamada, neste link: ${session.meetingUrl}`
    : `Por ligação: ${session.specialist} liga no seu WhatsApp${session.phone ? ` (${session.phone})` : ''} no horário marcado.`

const greeting = (firstName: string) => (firstName ? `Olá, ${firstName}!` : 'Olá!')

export const bookingMailCopy = {
  agency: 'Alavanca Digital',
  summary: 'Sessão Estratégica Gratuita · Alavanca Digital',
  eventDescription: (session: SessionFacts, manageUrl: string) =>
    `Sessão Estratégica Gratuita com ${session.specialist}.\n${how(session)}\nPara cancelar ou remarcar: ${manageUrl}`,
  whatsappLocation: 'Ligação no seu WhatsApp',
  invitation: {
    subject: (session: SessionFacts) => `Sessão Estratégica confirmada: ${session.day}, às ${session.start}`,
    text: (firstName: string, session: SessionFacts, manageUrl: string) =>
      [
        greeting(firstName),
        `Sua Sessão Estratégica Gratuita com ${session.specialist} está confirmada:\n${when(session)}.`,
        how(session),
        'O convite vai anexo: abra-o para guardar a sessão na sua agenda.',
        `Precisa mudar? Cancele ou escolha outro horário aqui:\n${manageUrl}`,
        'Até lá,\nEquipe Alavanca Digital',
      ].join('\n\n') + '\n',
  },
  reminder: {
    subject: (session: SessionFacts, hoursBefore: number) =>
      hoursBefore >= 24 ? `Lembrete: sua Sessão Estratégica é amanhã, às ${session.start}` : `Lembrete: sua Sessão Estratégica começa às ${session.start}`,
    text: (firstName: string, session: SessionFacts, manageUrl: string) =>
      [
        greeting(firstName),
        `Lembrete da sua Sessão Estratégica Gratuita com ${session.specialist}:\n${when(session)}.`,
        how(session),
        `Se não puder participar, cancele ou escolha outro horário:\n${manageUrl}`,
        'Equipe Alavanca Digital',
      ].join('\n\n') + '\n',
  },
  cancellation: {
    subject: (session: SessionFacts) => `Sessão Estratégica cancelada: ${session.day}, às ${session.start}`,
    text: (firstName: string, session: SessionFacts, bookAgainUrl: string) =>
      [
        greeting(firstName),
        `Sua Sessão Estratégica de ${when(session)}, com ${session.specialist}, foi cancelada e o horário está livre.`,
        `Quando quiser, escolha outro horário:\n${bookAgainUrl}`,
        'Equipe Alavanca Digital',
      ].join('\n\n') + '\n',
  },
  team: {
    bookedSubject: (who: string, session: SessionFacts) => `Sessão agendada: ${who} · ${session.day}, ${session.start}`,
    cancelledSubject: (who: string, session: SessionFacts) => `Sessão cancelada: ${who} · ${session.day}, ${session.start}`,
    text: (headline: string, session: SessionFacts, lead: { name: string; email: string; phone: string; company: string | null }, adminUrl: string) =>
      [
        headline,
        `Quando: ${when(session)}\nCom: ${session.specialist}\n${how(session)}`,
        [`Nome: ${lead.name}`, `E-mail: ${lead.email}`, lead.phone ? `Telefone: ${lead.phone}` : '', lead.company ? `Empresa: ${lead.company}` : '']
          .filter(Boolean)
          .join('\n'),
        `Ver o lead no painel: ${adminUrl}`,
      ].join('\n\n') + '\n',
    booked: 'Uma Sessão Estratégica foi agendada pelo site.',
    cancelled: 'Uma Sessão Estratégica foi cancelada.',
  },
  /** What the CRMs keep of a booking (booking-crm.server.ts): the time in one line, the activity's subject and note. */
  crm: {
    when: (session: SessionFacts) => `${session.day}, às ${session.start} (horário de Brasília), com ${session.specialist}`,
    subject: (who: string, reference: string) => `Sessão Estratégica · ${who} (${reference})`,
    note: (session: SessionFacts, adminUrl: string) =>
      `Agendada pelo site: ${when(session)}, com ${session.specialist}.\n${how(session)}\nVer o lead no painel: ${adminUrl}`,
  },
} as const
