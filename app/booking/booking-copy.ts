/**
 * The words of /agendar and /agendar/sessao (issue 44): a module the browser
 * may load (no server code). The confirmations' link has its own line
 * (booking-link-copy.ts), so the tools do not load these.
 */
import { BOOKING_LINK_TEXT } from './booking-link-copy'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** A sentence that starts with a day's name: 'terça-feira, …' written 'Terça-feira, …'. */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export const bookingCopy = {
  /** The confirmation dialog's first action, after every lead form. */
  link: BOOKING_LINK_TEXT,
  hero: {
    eyebrow: 'Sessão Estratégica Gratuita',
    title: 'Agende sua sessão',
    subtitle: 'Uma conversa com um especialista sobre os seus números e os próximos passos, sem compromisso.',
  },
  intro: (firstName: string, minutes: number) =>
    `${firstName ? `${firstName}, escolha` : 'Escolha'} o dia e o horário da sua sessão de ${minutes} minutos. Os horários estão no fuso de Brasília.`,
  noDays: 'Não há horários livres nos próximos dias. Fale com a gente pelo WhatsApp.',
  days: 'Dias disponíveis',
  closed: 'fechado',
  full: 'lotado',
  times: (count: number) => plural(count, 'horário', 'horários'),
  dayWithTimes: (day: string, count: number) => `${day}: ${plural(count, 'horário livre', 'horários livres')}`,
  dayWithout: (day: string, blocked: string | null) => `${day}: ${blocked ?? 'sem horários livres'}`,
  withSpecialist: (name: string) => `Com ${name}`,
  noTimesForSpecialist: 'Sem horários livres neste dia.',
  confirm: 'Confirmar agendamento',
  /** A person picking a new time for their coming session (/agendar?trocar=1). */
  reschedule: {
    intro: (firstName: string, when: string) =>
      `${firstName ? `${firstName}, sua` : 'Sua'} sessão está marcada para ${when}. Escolha o novo horário: a sessão atual só muda quando você confirmar.`,
    confirm: 'Confirmar novo horário',
    keep: 'Manter o horário atual',
  },
  confirming: 'Agendando...',
  booked: (firstName: string) => (firstName ? `${firstName}, sua sessão está agendada!` : 'Sua sessão está agendada!'),
  bookedWhen: (when: string, specialist: string, meeting: string) => `${capitalised(when)}, com ${specialist}${meeting ? `, ${meeting}` : ''}.`,
  back: 'Voltar ao site',
  /** How the session happens, by the specialist's meeting mode. */
  meetingMode: { videoCall: 'por videochamada (o link vai no convite)', whatsappCall: 'por ligação no seu WhatsApp' },
  /** Who takes a session whose specialist left the settings. */
  anySpecialist: 'nossa equipe',
  /** A blocked date without a label of its own. */
  blockedDay: 'Sem atendimento',
  /** A visitor without a lead picks the time, then says who they are. */
  newVisitorIntro: (minutes: number) =>
    `Escolha o dia e o horário da sua sessão de ${minutes} minutos e diga como falamos com você. Os horários estão no fuso de Brasília.`,
  yourContact: 'Seus dados',
  /** /agendar/sessao: the person's own session, from the link in its e-mails. */
  manage: {
    title: 'Sua Sessão Estratégica',
    greeting: (firstName: string) => (firstName ? `${firstName}, esta é a sua sessão:` : 'Esta é a sua sessão:'),
    question: 'Não vai poder participar? Escolha outro horário ou cancele: o horário fica livre para outra pessoa.',
    reschedule: 'Escolher outro horário',
    cancel: 'Cancelar sessão',
    cancelled: 'Sua sessão foi cancelada e o horário ficou livre.',
    bookAgain: 'Agendar outro horário',
    otherStatus: 'Esta sessão não está mais agendada.',
  },
} as const
