/** The words of the LGPD page (/admin/lgpd): finding, exporting and deleting what is held for an e-mail. */
export const lgpdCopy = {
  title: 'Pedidos LGPD',
  lead: 'Encontre tudo o que guardamos de uma pessoa pelo e-mail, entregue a ela uma cópia em JSON ou exclua os dados a pedido dela.',
  email: 'E-mail da pessoa',
  find: 'Buscar',
  invalid: 'Informe um e-mail válido.',
  none: (email: string) => `Nada guardado para ${email}.`,
  found: (count: number) => (count === 0 ? 'Nenhum lead guardado.' : count === 1 ? '1 lead guardado:' : `${count} leads guardados:`),
  spam: (count: number) =>
    count === 1
      ? 'E 1 envio na pasta de spam (guardado por até 30 dias), que vai junto na exportação e na exclusão.'
      : `E ${count} envios na pasta de spam (guardados por até 30 dias), que vão juntos na exportação e na exclusão.`,
  exportJson: 'Exportar em JSON',
  remove: 'Excluir todos os dados',
  confirmTitle: 'Confirmar a exclusão',
  confirmText:
    'Serão apagados os leads abaixo com o rastreamento, os resultados, os briefings e as entregas. Não há como desfazer. O registro de auditoria guarda quem excluiu, quando e quantos dados, nunca os dados.',
  confirmField: 'Digite o e-mail de novo para confirmar',
  confirm: 'Excluir definitivamente',
  cancel: 'Cancelar',
  deleted: (count: number) =>
    count === 1 ? '1 lead e tudo o que veio com ele foram excluídos.' : `${count} leads e tudo o que veio com eles foram excluídos.`,
  deletedSpam: (count: number) => (count === 1 ? ' 1 envio da pasta de spam também.' : ` ${count} envios da pasta de spam também.`),
} as const
