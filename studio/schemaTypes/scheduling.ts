import { defineArrayMember, defineField, defineType } from 'sanity'
import {
  intervalProblems,
  MEETING_MODES,
  SPECIALIST_KEY,
  SPECIALIST_KEY_MESSAGE,
  TIME_OF_DAY,
  TIME_OF_DAY_MESSAGE,
  WEEKDAYS,
} from '../../app/content/scheduling-rules'
import { imageField, requiredString } from './fields'

/**
 * The free strategy session's availability (issue 44, ADR 055): how long a
 * meeting lasts, the rules of notice and horizon, the days nobody works, and
 * each specialist's weekly hours. Every time is Brasília's (America/Sao_Paulo).
 */

const wholeMinutes = (name: string, title: string, description: string, initialValue: number, [min, max]: [number, number]) =>
  defineField({
    name,
    title,
    description,
    type: 'number',
    initialValue,
    validation: (rule) => rule.required().integer().min(min).max(max),
  })

const timeOfDay = (name: string, title: string) =>
  defineField({
    name,
    title,
    type: 'string',
    placeholder: '09:00',
    validation: (rule) => rule.required().regex(TIME_OF_DAY, { name: TIME_OF_DAY_MESSAGE }),
  })

type Keyed<T> = Array<T & { _key?: string }> | undefined

const weeklyHours = defineField({
  name: 'weeklyHours',
  title: 'Horários da semana',
  description: 'Um item por dia da semana em que atende, com um ou mais intervalos (ex.: 09:00–12:00 e 14:00–18:00). Dia sem item: sem atendimento.',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'object',
      name: 'weekdayHours',
      title: 'Dia da semana',
      fields: [
        defineField({
          name: 'weekday',
          title: 'Dia',
          type: 'string',
          options: { list: WEEKDAYS.map(({ value, title }) => ({ value, title })) },
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'intervals',
          title: 'Intervalos',
          type: 'array',
          of: [
            defineArrayMember({
              type: 'object',
              name: 'timeInterval',
              title: 'Intervalo',
              fields: [timeOfDay('start', 'Início (HH:MM)'), timeOfDay('end', 'Fim (HH:MM)')],
              preview: { select: { start: 'start', end: 'end' }, prepare: ({ start, end }) => ({ title: `${start ?? '?'}–${end ?? '?'}` }) },
            }),
          ],
          validation: (rule) =>
            rule
              .required()
              .min(1)
              .custom((intervals: Keyed<{ start?: string; end?: string }>) => {
                const problems = intervalProblems(intervals ?? [])
                return problems.length === 0 ? true : problems.join('; ')
              }),
        }),
      ],
      preview: {
        select: { weekday: 'weekday', intervals: 'intervals' },
        prepare: ({ weekday, intervals }: { weekday?: string; intervals?: Array<{ start?: string; end?: string }> }) => ({
          title: WEEKDAYS.find((day) => day.value === weekday)?.title ?? 'Dia não escolhido',
          subtitle: (intervals ?? []).map(({ start, end }) => `${start ?? '?'}–${end ?? '?'}`).join(', '),
        }),
      },
    }),
  ],
  validation: (rule) =>
    rule
      .required()
      .min(1)
      .custom((days: Keyed<{ weekday?: string }>) => {
        const weekdays = (days ?? []).map((day) => day.weekday).filter(Boolean)
        return new Set(weekdays).size === weekdays.length ? true : 'Cada dia da semana aparece uma vez só (junte os intervalos no mesmo dia)'
      }),
})

const specialist = defineArrayMember({
  type: 'object',
  name: 'specialist',
  title: 'Especialista',
  fields: [
    requiredString('name', 'Nome'),
    defineField({
      name: 'key',
      title: 'Identificador',
      description: 'Fixo: os agendamentos guardam este identificador. Não mude depois que houver reuniões marcadas com esta pessoa.',
      type: 'string',
      validation: (rule) => rule.required().max(40).regex(SPECIALIST_KEY, { name: SPECIALIST_KEY_MESSAGE }),
    }),
    imageField('photo', 'Foto', { required: true }),
    weeklyHours,
    defineField({
      name: 'meetingMode',
      title: 'Como a reunião acontece',
      type: 'string',
      options: { list: MEETING_MODES.map(({ value, title }) => ({ value, title })), layout: 'radio' },
      initialValue: 'videoCall',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'meetingUrl',
      title: 'Link da reunião',
      description: 'A sala fixa da pessoa (Google Meet, Zoom, Teams), enviada no convite.',
      type: 'url',
      hidden: ({ parent }: { parent?: { meetingMode?: string } }) => parent?.meetingMode !== 'videoCall',
      validation: (rule) =>
        rule.uri({ scheme: ['https'] }).custom((url, context) => {
          const mode = (context.parent as { meetingMode?: string } | undefined)?.meetingMode
          return mode !== 'videoCall' || url ? true : 'Informe o link da reunião (ou escolha "Ligamos no WhatsApp da pessoa")'
        }),
    }),
    defineField({
      name: 'email',
      title: 'E-mail',
      description: 'Opcional: recebe o convite de cada sessão com esta pessoa, junto com o e-mail de vendas. Não aparece no site.',
      type: 'string',
      validation: (rule) => rule.email(),
    }),
    defineField({
      name: 'calendarUrl',
      title: 'Agenda (CalDAV)',
      description:
        'Opcional: o endereço CalDAV da agenda desta pessoa (no servidor configurado em CALDAV_URL). Os compromissos dela escondem os horários ocupados, e cada sessão agendada entra nela.',
      type: 'url',
      validation: (rule) => rule.uri({ scheme: ['https', 'http'] }),
    }),
  ],
  preview: { select: { title: 'name', subtitle: 'key', media: 'photo' } },
})

export const schedulingSettings = defineType({
  name: 'schedulingSettings',
  title: 'Agenda da sessão estratégica',
  type: 'document',
  description: 'Os horários oferecidos para agendar a Sessão Estratégica Gratuita. Todos os horários são de Brasília.',
  fields: [
    wholeMinutes(
      'meetingMinutes',
      'Duração da reunião (minutos)',
      'Também é o passo da grade: os horários começam no início de cada intervalo e a cada duração.',
      30,
      [10, 240],
    ),
    wholeMinutes('bufferMinutes', 'Intervalo entre reuniões (minutos)', 'Folga mínima entre duas reuniões da mesma pessoa. 0 para nenhuma.', 0, [0, 120]),
    wholeMinutes('minimumNoticeHours', 'Antecedência mínima (horas)', 'Um horário só aparece se começar pelo menos este tempo depois de agora.', 2, [0, 168]),
    wholeMinutes('horizonDays', 'Horizonte (dias)', 'Quantos dias, contando hoje, aparecem para agendar.', 14, [1, 90]),
    defineField({
      name: 'blockedDates',
      title: 'Datas bloqueadas',
      description: 'Feriados e dias sem atendimento para toda a equipe.',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'blockedDate',
          title: 'Data bloqueada',
          fields: [
            defineField({ name: 'date', title: 'Data', type: 'date', options: { dateFormat: 'DD/MM/YYYY' }, validation: (rule) => rule.required() }),
            defineField({ name: 'label', title: 'Motivo (ex.: Natal)', type: 'string', validation: (rule) => rule.max(80) }),
          ],
          preview: { select: { title: 'date', subtitle: 'label' } },
        }),
      ],
      validation: (rule) =>
        rule.custom((dates: Keyed<{ date?: string }>) => {
          const days = (dates ?? []).map((item) => item.date).filter(Boolean)
          return new Set(days).size === days.length ? true : 'Cada data aparece uma vez só'
        }),
    }),
    defineField({
      name: 'specialists',
      title: 'Especialistas',
      type: 'array',
      of: [specialist],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .custom((people: Keyed<{ key?: string }>) => {
            const keys = (people ?? []).map((person) => person.key).filter(Boolean)
            return new Set(keys).size === keys.length ? true : 'Cada especialista precisa de um identificador diferente'
          }),
    }),
  ],
  preview: { prepare: () => ({ title: 'Agenda da sessão estratégica' }) },
})
