/**
 * Sentences of the pipeline in Brazilian Portuguese. The specification's sentences verbatim where they give
 * one: docs/specification.md#gates (gates) and docs/specification.md#state-machines (fallback catalog, adapted to boletos).
 */
export const ptBR = {
  // Gate 1 (docs/specification.md#gates)
  input_empty: 'Não entendi. Pode repetir?',
  input_too_long: 'Sua mensagem é muito longa (máximo de {max} caracteres). Pode resumir?',
  audio_failed: 'Não consegui entender o áudio. Pode enviar de novo ou escrever?',
  audio_disabled: 'Mensagens de voz não estão habilitadas aqui. Por favor, escreva sua mensagem.',
  audio_too_large: 'O áudio é grande demais (máximo de {maxMb} MB). Pode enviar um áudio menor ou escrever?',
  audio_too_long:
    'O áudio é longo demais (máximo de {maxSeconds} segundos). Pode enviar um áudio mais curto ou escrever?',
  audio_unsupported: 'Não consigo ler esse formato de áudio. Pode enviar uma mensagem de voz ou escrever?',
  audio_heard: '🎤 Entendi: "{transcript}"',
  unsupported_content: 'Eu entendo mensagens de texto e de voz. Pode escrever ou gravar o que precisa?',
  memory_consent_question:
    'Posso guardar o que você me pedir para lembrar (nunca dados pessoais) e mostrar quando você perguntar "o que você lembra de mim?"? Responda sim ou não.',
  memory_consent_refused: 'Tudo bem, não vou guardar nada. Se mudar de ideia, diga "pode lembrar".',
  memory_disabled: 'Você pediu para eu não guardar lembranças. Se mudar de ideia, diga "pode lembrar".',
  memory_allowed: 'Combinado: a partir de agora guardo o que você me pedir para lembrar.',
  memory_after_proposal:
    'Primeiro responda à proposta acima (sim ou não); depois me peça de novo para lembrar.',
  memory_saved: 'Guardado: "{description}". Para ver o que eu guardei, pergunte "o que você lembra de mim?".',
  memory_reinforced: 'Eu já tinha isso guardado: "{description}".',
  memory_full: 'Já guardo 50 lembranças suas. Peça para eu esquecer alguma antes de guardar outra.',
  memory_list: 'Eu lembro que:\n{items}',
  memory_list_empty: 'Não tenho nenhuma lembrança sua guardada.',
  memory_forgotten: 'Pronto, esqueci: "{description}".',
  memory_not_found:
    'Não encontrei nenhuma lembrança sobre isso. Pergunte "o que você lembra de mim?" para ver a lista.',
  memory_forgot_all: 'Pronto, apaguei tudo o que eu lembrava de você.',
  memory_stopped:
    'Pronto: apaguei o que eu lembrava de você e não vou guardar mais nada. Se mudar de ideia, diga "pode lembrar".',
  memory_personal_data:
    'Não guardo dados pessoais como CPF, CNPJ, telefone ou e-mail. Peça de novo sem eles.',
  memory_refused: 'Isso eu não posso guardar.',
  memory_used: 'Usei o que você me pediu para lembrar: "{description}".',
  memory_proposal_question: 'Posso guardar esta preferência sua: "{description}"? Responda sim ou não.',
  memory_proposal_declined: 'Tudo bem, não vou guardar isso.',
  knowledge_written_answer: '{answer}\n\nDe acordo com {titles}.',
  knowledge_answer: 'Segundo "{title}": {passage}',
  knowledge_unsure: 'Não sei se entendi bem o que você quer. Se for uma dúvida, isto pode ajudar:',
  knowledge_suggestions:
    'Não encontrei nos documentos uma resposta certa para isso. Estes assuntos chegam perto; se um deles for o que você procura, responda com o número dele:\n{suggestions}',
  knowledge_suggestion: '{n}. {heading} ("{title}")',
  knowledge_section_gone: 'Esse assunto não está mais nos documentos. Pode perguntar de outro jeito?',
  // Gate 2 (docs/specification.md#gates)
  intent_unclear: 'O que você deseja?',
  // Gate 3 (docs/specification.md#gates)
  need_fields: 'Preciso saber: {fields}',
  // Gate 4 (docs/specification.md#gates)
  confirm_question: 'Confirma? (Sim/Não)',
  confirm_reask: 'Confirma? (Sim/Não)',
  late_message: 'Desculpe a demora: sua mensagem só chegou agora. Pode enviar de novo o que precisa?',
  operation_cancelled: 'Operação cancelada.',
  confirm_yes_label: 'Sim',
  confirm_no_label: 'Não',
  previous_proposal_cancelled: 'A proposta anterior foi cancelada.',
  nothing_pending: 'Não há nenhuma ação aguardando confirmação. O que você deseja?',
  // Fallback catalog (docs/specification.md#state-machines, adapted to boletos)
  intent_not_understood: 'Desculpe, não entendi sua solicitação. Pode reformular?',
  out_of_scope:
    'Essa solicitação está fora do que posso ajudar. Posso ajudar com boletos: criar, cancelar, consultar e listar, e enviar mensagens aos seus contatos.',
  provider_error: 'Estou com dificuldades técnicas no momento. Tente novamente em alguns instantes.',
  rate_limited: 'Você fez muitas solicitações. Aguarde um momento antes de tentar novamente.',
  action_requires_confirmation: 'Para executar esta ação, preciso da sua confirmação. Deseja prosseguir?',
  proposal_already_confirmed: 'Essa proposta já foi confirmada.',
  proposal_already_cancelled: 'Essa proposta já foi cancelada.',
  proposal_not_yours: 'Essa proposta não é sua: só quem pediu pode confirmar.',
  confirmation_expired: 'A proposta de ação expirou. Deseja que eu refaça?',
  action_failed: 'Não foi possível completar a ação. Motivo: {reason}. Deseja tentar novamente?',
  // Multi-step actions (seed 003 §2.3-2.4)
  flow_step: 'Etapa {step} de {total}: {label}.',
  flow_undone: 'Como a etapa {step} não deu certo, desfiz a etapa {done}:',
  flow_stopped_undone: 'Como a ação parou na etapa {step}, desfiz a etapa {done}:',
  flow_manual: 'A etapa {done} ({label}) não pode ser desfeita automaticamente; fale com a administração.',
  execution_timed_out: 'a execução não terminou a tempo e nada foi gravado',
  ai_disabled: 'O assistente de IA está temporariamente indisponível.',
  general_error: 'Ocorreu um erro inesperado. Por favor, tente novamente.',
  answer_delayed:
    'Estou com dificuldades técnicas no momento. Já recebi sua mensagem e respondo assim que possível.',
  // Access
  unknown_user:
    'Olá! Esta conta ainda não está autorizada a usar a Iris. Peça um convite ao responsável pela sua empresa.',
  link_ok: 'Pronto, {name}! Sua conta foi vinculada. Como posso ajudar?',
  link_invalid: 'Este convite é inválido ou expirou. Peça um novo convite ao responsável.',
  link_already: 'Sua conta já está vinculada. Como posso ajudar?',
  not_allowed: 'Seu perfil não tem permissão para essa ação.',
  feature_off: 'Esse recurso não está ativo para a sua conta. Fale com o responsável.',
  // A message a tenant sends a contact (e-mail subject; signature on e-mail and WhatsApp)
  contact_mail_subject: 'Mensagem de {tenant}',
  contact_message_signature: '— {tenant} (enviada pela assistente Iris)',
} as const;

export type PipelineMessageKey = keyof typeof ptBR;
