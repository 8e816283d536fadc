/** The boletos pack's sentences (pt-BR); the value-rule messages of docs/specification.md#gates verbatim. */
export const boletosCatalog = {
  // Gate 3 value rules (docs/specification.md#gates)
  amount_not_positive: 'O valor precisa ser positivo.',
  amount_too_high: 'O valor máximo permitido é R$ 100.000,00.',
  due_date_past: 'A data de vencimento não pode ser no passado.',
  due_date_invalid: 'Data de vencimento inválida.',
  // Conflicting values in one message: `conflict_<field>` for every field the pack reads
  conflict_amount_cents: 'Você mencionou mais de um valor ({values}). Qual é o valor do boleto?',
  conflict_due_date: 'Você mencionou mais de uma data ({values}). Qual é a data de vencimento?',
  conflict_contact_name: 'Você mencionou mais de um nome ({values}). Para quem é?',
  conflict_boleto_id: 'Você mencionou mais de um boleto ({values}). Qual é o número do boleto?',
  conflict_message_content: 'Não entendi qual é a mensagem. O que devo enviar?',
  // References
  contact_ambiguous: 'Encontrei mais de um contato com esse nome: {candidates}. Qual deles?',
  contact_not_found: 'Não encontrei nenhum contato chamado "{name}". Qual é o nome do contato?',
  boleto_not_found: 'Não encontrei o boleto nº {number}. Qual é o número do boleto?',
  boleto_not_cancellable: 'O boleto nº {number} está {status} e não pode ser cancelado.',
  message_empty: 'A mensagem não pode ser vazia. O que devo enviar?',
  contact_needs_document:
    '{name} não tem CPF ou CNPJ cadastrado, e o boleto registrado no banco precisa dele. Peça ao operador para cadastrar o documento de {name} e tente de novo.',
  // The boleto provider (docs/boleto-providers.md)
  provider_refused:
    'O provedor de boletos recusou a operação. Tente de novo mais tarde ou fale com o operador.',
  boleto_other_provider:
    'O boleto nº {number} foi emitido por um provedor que esta conta não usa mais: cancele-o no site desse provedor.',
  // Field names for "Preciso saber: ..."
  field_contact_name: 'o nome do contato',
  field_amount_cents: 'o valor',
  field_due_date: 'a data de vencimento',
  field_boleto_id: 'o número do boleto',
  field_message_content: 'a mensagem',
  // Proposals (the prompt states every value that will be written)
  propose_create: 'Vou criar um boleto de {amount} para {contact}, com vencimento em {dueDate}.',
  propose_create_send_email:
    'Vou criar um boleto de {amount} para {contact}, com vencimento em {dueDate}, e enviá-lo por e-mail para {address}.',
  propose_create_send_whatsapp:
    'Vou criar um boleto de {amount} para {contact}, com vencimento em {dueDate}, e enviá-lo pelo WhatsApp para {address}.',
  propose_cancel:
    'Vou cancelar o boleto nº {number} de {amount} para {contact}, com vencimento em {dueDate}.',
  // Results
  created:
    'Boleto nº {number} criado: {amount} para {contact}, vencimento em {dueDate}.\nLinha digitável: {line}',
  created_not_registered:
    'Atenção: boleto de demonstração, não registrado em nenhum banco — não pode ser pago.',
  created_pdf: 'Boleto para imprimir: {url}',
  created_sent_email: 'Enviei o boleto a {contact} por e-mail ({address}).',
  created_sent_whatsapp: 'Enviei o boleto a {contact} pelo WhatsApp ({address}).',
  created_not_sent:
    'O e-mail ou o WhatsApp de {contact} mudou desde a proposta: não enviei o boleto. Encaminhe você mesmo.',
  // The boleto as the customer receives it (e-mail or WhatsApp)
  boleto_for_contact:
    'Olá, {contact}! Segue seu boleto de {amount}, com vencimento em {dueDate}.\nLinha digitável: {line}\nBoleto para imprimir: {url}',
  cancelled: 'Boleto nº {number} cancelado.',
  // Notices to the owners (docs/boleto-providers.md#notices)
  notice_paid: 'O boleto nº {number} de {contact} foi pago: {amount}.',
  notice_overdue: 'O boleto nº {number} de {contact}, de {amount}, venceu em {dueDate} e ainda não foi pago.',
  notice_issued:
    'Segue o PDF do boleto nº {number} de {contact} ({amount}, vencimento em {dueDate}) para você encaminhar.\nLinha digitável: {line}',
  notice_issued_no_pdf:
    'O PDF do boleto nº {number} de {contact} não pôde ser gerado agora. Linha digitável para encaminhar: {line}',
  notice_batch_header: 'Novidades dos seus boletos ({count}):',
  notice_digest_header: 'Resumo do dia dos seus boletos ({count}):',
  // The printed boleto (PDF)
  pdf_title: 'Boleto nº',
  pdf_not_registered: 'BOLETO DE DEMONSTRAÇÃO — não registrado em nenhum banco; não pode ser pago.',
  pdf_beneficiary: 'Beneficiário',
  pdf_payer: 'Pagador',
  pdf_number: 'Número do boleto',
  pdf_due_date: 'Vencimento',
  pdf_amount: 'Valor',
  pdf_digitable_line: 'Linha digitável',
  pdf_file_name: 'boleto-{number}.pdf',
  status: 'Boleto nº {number}: {amount} para {contact}, vencimento em {dueDate} — {status}.',
  list_header: 'Boletos ({count}):',
  list_header_filtered: 'Boletos {filter} ({count}):',
  list_line: '• nº {number} — {amount} — {contact} — vence {dueDate} — {status}',
  list_more: '… e mais {count}.',
  list_empty: 'Nenhum boleto encontrado.',
  list_empty_filtered: 'Nenhum boleto {filter}.',
  message_queued_email: 'Mensagem para {contact} na fila de envio por e-mail ({address}).',
  message_queued_whatsapp: 'Mensagem para {contact} na fila de envio pelo WhatsApp ({address}).',
  message_no_email:
    '{contact} não tem e-mail cadastrado: a mensagem ficou registrada, mas não será enviada. Encaminhe você mesmo.',
  message_no_phone:
    '{contact} não tem WhatsApp cadastrado: a mensagem ficou registrada, mas não será enviada. Encaminhe você mesmo.',
  message_no_opt_in:
    '{contact} ainda não autorizou receber mensagens pelo seu WhatsApp: a mensagem ficou registrada, mas não será enviada. Encaminhe você mesmo.',
  message_kept:
    'Mensagem para {contact} registrada. O envio automático está desligado nesta conta: encaminhe você mesmo.',
  // Status names
  status_PENDING: 'pendente',
  status_PAID: 'pago',
  status_CANCELLED: 'cancelado',
  status_OVERDUE: 'vencido',
  filter_PENDING: 'pendentes',
  filter_PAID: 'pagos',
  filter_CANCELLED: 'cancelados',
  filter_OVERDUE: 'vencidos',
  filter_contact: 'de {contact}',
  filter_due_on: 'com vencimento em {day}',
  filter_due_between: 'com vencimento de {from} a {until}',
  filter_due_until: 'com vencimento até {until}',
  filter_due_from: 'com vencimento a partir de {from}',
  // GENERAL_QUESTION
  help: 'Sou a Iris. Posso criar e cancelar boletos (sempre com a sua confirmação), consultar o status de um boleto, listar boletos por status, contato ou vencimento ("o que vence essa semana?") e enviar mensagens aos seus contatos. Exemplo: "cria um boleto de R$ 150 pro João pra dia 10".',
} as const;

export type BoletosMessageKey = keyof typeof boletosCatalog;
