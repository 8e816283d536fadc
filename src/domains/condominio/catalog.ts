/**
 * Every sentence the condominium pack says, in Brazilian Portuguese. Dates, times and money are
 * filled in by the code that renders ("sábado, 05/12/2026", "18:00", "R$ 150,00"); no number is
 * ever written here.
 */
export const condominioCatalog = {
  // Gate 3 rules (docs/condominio.md#rules)
  // Not a question: the person cannot fix it in the chat.
  not_a_resident:
    'Seu cadastro não está ligado a uma unidade do condomínio, então não posso reservar nem cancelar em seu nome. Fale com a administração.',
  space_not_found: 'Não encontrei o espaço "{space}". Os espaços são: {spaces}. Qual deles?',
  space_ambiguous: 'Há mais de um espaço com esse nome: {spaces}. Qual deles?',
  date_invalid: 'Data inválida.',
  date_past: 'Essa data já passou ({date}).',
  date_too_far: 'Só é possível reservar com até {days} dias de antecedência.',
  lead_time: 'O espaço {space} precisa ser reservado com pelo menos {hours} horas de antecedência.',
  time_invalid: 'O horário de término precisa ser depois do início.',
  outside_hours: 'O espaço {space} funciona das {opens} às {closes}.',
  over_capacity: 'O espaço {space} comporta no máximo {capacity} pessoas.',
  guests_invalid: 'O número de convidados precisa ser maior que zero.',
  slot_taken: 'O espaço {space} já está reservado nesse horário em {date}. Horários livres: {windows}.',
  slot_taken_full: 'O espaço {space} já está reservado o dia todo em {date}.',
  monthly_limit: 'Sua unidade já tem {count} reservas do espaço {space} em {month}, o máximo por mês.',
  reservation_not_found: 'Não encontrei reserva ativa da sua unidade{filter}.',
  reservation_ambiguous: 'Sua unidade tem mais de uma reserva{filter}: {reservations}. Qual delas?',
  reservation_gone: 'Essa reserva já não está ativa.',
  only_sindico: 'Só o síndico pode publicar avisos para os moradores.',
  only_sindico_occupancy:
    'Só o síndico vê a ocupação de todos os espaços. As suas reservas: "minhas reservas".',
  only_sindico_penalty: 'Só o síndico pode aplicar multas.',
  unit_not_found: 'Não encontrei a unidade "{unit}". As unidades são: {units}. Qual delas?',
  unit_ambiguous: 'Há mais de uma unidade "{unit}": {units}. Qual delas?',
  infraction_not_found:
    'Não encontrei a infração "{infraction}" no regimento. As multas previstas são: {infractions}. Qual delas?',
  no_infractions: 'O regimento cadastrado não tem multas previstas; fale com a administração.',
  notice_too_long: 'O aviso passou de 1.000 caracteres.',
  supplier_unknown:
    'Posso pedir à administração a autorização destes serviços: {services}. Quais serão? Se não for nenhum deles, responda "sem fornecedores".',
  suppliers_not_allowed:
    'O espaço {space} não recebe fornecedores de fora. Quer reservar sem eles? Responda "sem fornecedores".',
  // Two values for one field in one message: ask which
  conflict_space: 'Você citou mais de um espaço ({values}). Qual deles?',
  conflict_date: 'Você citou mais de uma data ({values}). Qual é a data?',
  conflict_start_time: 'Você citou mais de um horário de início ({values}). Qual é?',
  conflict_end_time: 'Você citou mais de um horário de término ({values}). Qual é?',
  conflict_guests: 'Você citou mais de um número de convidados ({values}). Quantos serão?',
  conflict_message_content: 'Você escreveu mais de um texto de aviso. Qual publico?',
  conflict_unit: 'Você citou mais de uma unidade ({values}). Qual delas?',
  conflict_infraction: 'Você citou mais de uma infração ({values}). Qual delas?',
  conflict_request_id: 'Você citou mais de um pedido de fornecedores ({values}). Qual deles?',
  conflict_suppliers: 'Você citou fornecedores diferentes ({values}). Quais serão?',
  conflict_reservation_id: 'Você citou mais de uma reserva ({values}). Qual delas?',
  // Field names for "Preciso saber: ..."
  field_space: 'o espaço',
  field_unit: 'a unidade',
  field_infraction: 'a infração (como está no regimento)',
  field_reservation_id: 'a reserva',
  field_message_content: 'o texto do aviso',
  field_date: 'a data',
  field_start_time: 'o horário de início',
  field_end_time: 'o horário de término',
  field_guests: 'o número de convidados',
  field_suppliers: 'os fornecedores (buffet, DJ…)',
  field_request_id: 'o pedido de autorização dos fornecedores',
  // Sentence parts
  part_guests: ', {guests} convidados',
  part_fee: ' Taxa de uso: {fee}, cobrada da unidade {unit} por boleto.',
  part_fee_boleto: '\nBoleto da taxa nº {number}: {fee}, vencimento {due}. Linha digitável: {line}.',
  part_fee_boleto_demo: ' Boleto de demonstração, não registrado em nenhum banco: não pode ser pago.',
  part_fee_will_cancel: ' O boleto da taxa (nº {number}) será cancelado.',
  part_fee_will_stay: ' A taxa de uso continua devida: o cancelamento sem custo é até {hours} horas antes.',
  part_fee_was_paid: ' A taxa já foi paga; o reembolso é com a administração.',
  part_fee_cancelled: ' O boleto da taxa (nº {number}) foi cancelado.',
  part_fee_stays:
    ' A taxa de uso (boleto nº {number}) continua devida: o cancelamento sem custo é até {hours} horas antes.',
  part_no_fee: ' Sem taxa de uso.',
  filter_space: ' do espaço {space}',
  filter_date: ' em {date}',
  reservation_line: '{space}, {date}, das {start} às {end}',
  window: 'das {start} às {end}',
  day: '{date} ({weekday})',
  weekday_0: 'domingo',
  weekday_1: 'segunda-feira',
  weekday_2: 'terça-feira',
  weekday_3: 'quarta-feira',
  weekday_4: 'quinta-feira',
  weekday_5: 'sexta-feira',
  weekday_6: 'sábado',
  // Proposals: every value that will be written
  propose_reservation:
    'Reservar o espaço {space} para a unidade {unit} em {date}, das {start} às {end}{guests}.{fee}',
  propose_notice:
    'Publicar este aviso para {recipients} moradores: "{text}". Depois de publicado não dá para desfazer.',
  notice_published:
    'Pronto. Aviso publicado para {recipients} moradores; cada um recebe no chat de onde falou por último.',
  notice_to_resident: 'Aviso do {tenant}: {text}',
  propose_guests:
    'Registrar {guests} convidados na portaria para a reserva do espaço {space} em {date}, das {start} às {end}.',
  propose_supplier:
    'Pedir à administração a autorização de {services} para a reserva do espaço {space} em {date}, das {start} às {end}.',
  propose_fee:
    'Gerar o boleto da taxa de uso do espaço {space} em {date}, das {start} às {end}: {fee}, cobrado da unidade {unit}, com vencimento no dia da reserva. Com ele a reserva fica confirmada.',
  propose_penalty:
    'Aplicar à unidade {unit} a multa por "{infraction}" ({rule}): {amount}, cobrada por boleto com vencimento em {due}. Depois de aplicada não dá para desfazer.',
  penalty_applied: 'Pronto. Multa aplicada à unidade {unit}: "{infraction}" ({rule}), {amount}.{boleto}',
  part_penalty_boleto: '\nBoleto da multa nº {number}: {amount}, vencimento {due}. Linha digitável: {line}.',
  propose_cancel:
    'Cancelar a reserva do espaço {space} da unidade {unit} em {date}, das {start} às {end}.{fee}',
  // Results
  reserved: 'Pronto. Reserva feita: {space}, {date}, das {start} às {end}{guests}.{fee}{boleto}',
  reserved_held:
    'Pronto. Pré-reserva feita: {space}, {date}, das {start} às {end}{guests}. O horário fica guardado até as {until}; a reserva se confirma com o boleto da taxa.',
  fee_charged: 'Pronto. Reserva confirmada: {space}, {date}, das {start} às {end}{guests}.{boleto}',
  cancelled: 'Pronto. Reserva cancelada: {space}, {date}, das {start} às {end}.{fee}',
  guests_registered:
    'Pronto. {guests} convidados registrados na portaria para a reserva do espaço {space} em {date}.',
  guests_removed: 'Convidados retirados da portaria: reserva do espaço {space} em {date}.',
  supplier_requested:
    'Pronto. Pedido de autorização de {services} enviado à administração para a reserva do espaço {space} em {date}.',
  supplier_request_cancelled:
    'Pedido de autorização de {services} retirado: reserva do espaço {space} em {date}.',
  services_and: '{first} e {last}',
  part_suppliers: ' (fornecedores: {services})',
  // The steps of a booking ("Etapa 2 de 3: registrar os convidados na portaria.")
  step_criar_reserva: 'reservar o espaço',
  step_registrar_convidados: 'registrar os convidados na portaria',
  step_solicitar_fornecedor: 'pedir a autorização dos fornecedores',
  step_cobrar_taxa_reserva: 'gerar o boleto da taxa de uso',
  availability_free: 'O espaço {space} está livre em {date} {window}.',
  availability_taken:
    'O espaço {space} não está livre em {date} {window}. Horários livres nesse dia: {windows}.',
  availability_day: 'Espaço {space}, {date}: funciona das {opens} às {closes}. Horários livres: {windows}.',
  availability_day_full: 'O espaço {space} está todo reservado em {date}.',
  occupancy_header: 'Ocupação de {from} a {to} ({days} dias):',
  occupancy_line: '• {space}: {bookings}, {hours} h, {percent}% do horário de funcionamento',
  bookings_one: '1 reserva',
  bookings_many: '{count} reservas',
  occupancy_day_header: 'Reservas de {date}:',
  occupancy_day_line: '• {space}, {start}–{end}: unidade {unit}{held}{suppliers}',
  occupancy_day_empty: 'Nenhuma reserva em {date}.',
  part_held: ' (pré-reserva)',
  list_header: 'Reservas da unidade {unit}:',
  list_line: '• {line}{suppliers}',
  list_line_held: '• {line}{suppliers} (pré-reserva: aguardando o boleto da taxa)',
  list_empty: 'Sua unidade não tem reservas futuras{filter}.',
  // Notices to the síndico about the fee boletos (the same notices the boletos pack sends its owners)
  notice_paid: 'A taxa de uso (boleto nº {number}) da unidade {contact} foi paga: {amount}.',
  notice_overdue:
    'A taxa de uso (boleto nº {number}) da unidade {contact}, de {amount}, venceu em {dueDate} e não foi paga.',
  notice_issued:
    'Segue o PDF da taxa de uso (boleto nº {number}) da unidade {contact} ({amount}, vencimento em {dueDate}).\nLinha digitável: {line}',
  notice_issued_no_pdf:
    'O PDF da taxa de uso (boleto nº {number}) da unidade {contact} não pôde ser gerado agora. Linha digitável: {line}',
  notice_batch_header: 'Novidades das taxas de uso ({count}):',
  notice_digest_header: 'Resumo do dia das taxas de uso ({count}):',
  // GENERAL_QUESTION
  help: 'Sou a Iris do condomínio. Posso ver se um espaço está livre, reservar o salão de festas, a churrasqueira ou a quadra para a sua unidade, listar e cancelar suas reservas, e responder dúvidas sobre o regimento. Antes de reservar ou cancelar eu peço sua confirmação. Exemplo: "reserva a churrasqueira sábado das 12h às 18h pra 20 pessoas".',
} as const;

export type CondominioMessageKey = keyof typeof condominioCatalog;
