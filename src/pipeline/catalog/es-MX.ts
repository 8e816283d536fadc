import type { PipelineMessageKey } from './pt-BR';

/**
 * Sentences of the pipeline in Mexican Spanish: short and neutral (docs/finance.md). docs/finance.md
 * sentences verbatim where it gives one ("Responde: sí / no", "Responde exactamente: sí / no").
 */
export const esMX: Record<PipelineMessageKey, string> = {
  input_empty: 'No entendí. ¿Puedes repetirlo?',
  input_too_long: 'Tu mensaje es muy largo (máximo {max} caracteres). ¿Puedes resumirlo?',
  audio_failed: 'No pude entender el audio. ¿Puedes enviarlo de nuevo o escribirlo?',
  audio_disabled: 'Los mensajes de voz no están habilitados aquí. Por favor, escribe tu mensaje.',
  audio_too_large:
    'El audio es demasiado grande (máximo {maxMb} MB). ¿Puedes enviar uno más corto o escribirlo?',
  audio_too_long:
    'El audio es demasiado largo (máximo {maxSeconds} segundos). ¿Puedes enviar uno más corto o escribirlo?',
  audio_unsupported: 'No puedo leer ese formato de audio. ¿Puedes enviar una nota de voz o escribirlo?',
  audio_heard: '🎤 Entendí: "{transcript}"',
  unsupported_content: 'Entiendo mensajes de texto y de voz. ¿Puedes escribir o grabar lo que necesitas?',
  memory_consent_question:
    '¿Puedo guardar lo que me pidas que recuerde (nunca datos personales) y mostrártelo cuando preguntes "¿qué recuerdas de mí?"? Responde sí o no.',
  memory_consent_refused: 'Está bien, no voy a guardar nada. Si cambias de opinión, di "puedes recordar".',
  memory_disabled: 'Me pediste que no guarde recuerdos. Si cambias de opinión, di "puedes recordar".',
  memory_allowed: 'Listo: desde ahora guardo lo que me pidas que recuerde.',
  memory_after_proposal:
    'Primero responde la propuesta de arriba (sí o no); después pídeme de nuevo que lo recuerde.',
  memory_saved: 'Guardado: "{description}". Para ver lo que guardé, pregunta "¿qué recuerdas de mí?".',
  memory_reinforced: 'Ya lo tenía guardado: "{description}".',
  memory_full: 'Ya guardo 50 recuerdos tuyos. Pídeme que olvide alguno antes de guardar otro.',
  memory_list: 'Recuerdo que:\n{items}',
  memory_list_empty: 'No tengo ningún recuerdo tuyo guardado.',
  memory_forgotten: 'Listo, olvidé: "{description}".',
  memory_not_found:
    'No encontré ningún recuerdo sobre eso. Pregunta "¿qué recuerdas de mí?" para ver la lista.',
  memory_forgot_all: 'Listo, borré todo lo que recordaba de ti.',
  memory_stopped:
    'Listo: borré lo que recordaba de ti y ya no voy a guardar nada. Si cambias de opinión, di "puedes recordar".',
  memory_personal_data:
    'No guardo datos personales como CURP, RFC, teléfono o correo. Pídemelo de nuevo sin ellos.',
  memory_refused: 'Eso no lo puedo guardar.',
  memory_used: 'Usé lo que me pediste recordar: "{description}".',
  memory_proposal_question: '¿Puedo guardar esta preferencia tuya: "{description}"? Responde sí o no.',
  memory_proposal_declined: 'Está bien, no voy a guardar eso.',
  knowledge_written_answer: '{answer}\n\nSegún {titles}.',
  knowledge_answer: 'Según "{title}": {passage}',
  knowledge_unsure: 'No sé si entendí bien lo que quieres. Si es una duda, esto puede ayudar:',
  knowledge_suggestions:
    'No encontré en los documentos una respuesta segura a eso. Estos temas se acercan; si alguno es lo que buscas, respóndeme con su número:\n{suggestions}',
  knowledge_suggestion: '{n}. {heading} ("{title}")',
  knowledge_section_gone: 'Ese tema ya no está en los documentos. ¿Me lo preguntas de otra forma?',
  intent_unclear: '¿Qué quieres hacer?',
  need_fields: 'Necesito saber: {fields}',
  confirm_question: 'Responde: sí / no',
  confirm_reask: 'Responde exactamente: sí / no',
  late_message:
    'Perdona la demora: tu mensaje me llegó apenas ahora. ¿Me puedes enviar de nuevo lo que necesitas?',
  operation_cancelled: 'Operación cancelada.',
  confirm_yes_label: 'Sí',
  confirm_no_label: 'No',
  previous_proposal_cancelled: 'Cancelé la propuesta anterior.',
  nothing_pending: 'No hay ninguna acción esperando confirmación. ¿Qué quieres hacer?',
  intent_not_understood: 'Perdón, no entendí tu solicitud. ¿Puedes decirlo de otra forma?',
  out_of_scope:
    'Eso está fuera de lo que puedo hacer. Puedo registrar gastos e ingresos, presupuestos, deudas, tu saldo y simular compras.',
  provider_error: 'Tengo problemas técnicos en este momento. Intenta de nuevo en unos instantes.',
  rate_limited: 'Hiciste muchas solicitudes. Espera un momento antes de intentar de nuevo.',
  action_requires_confirmation: 'Para hacer esto necesito tu confirmación. ¿Continúo?',
  proposal_already_confirmed: 'Esa propuesta ya se confirmó.',
  proposal_already_cancelled: 'Esa propuesta ya se canceló.',
  proposal_not_yours: 'Esa propuesta no es tuya: solo quien la pidió puede confirmarla.',
  confirmation_expired: 'La propuesta expiró. ¿Quieres que la haga de nuevo?',
  action_failed: 'No se pudo completar la acción. Motivo: {reason}. ¿Quieres intentarlo de nuevo?',
  flow_step: 'Paso {step} de {total}: {label}.',
  flow_undone: 'Como el paso {step} no se pudo completar, deshice el paso {done}:',
  flow_stopped_undone: 'Como la acción se detuvo en el paso {step}, deshice el paso {done}:',
  flow_manual: 'El paso {done} ({label}) no se puede deshacer automáticamente; habla con la administración.',
  execution_timed_out: 'la ejecución no terminó a tiempo y no se guardó nada',
  ai_disabled: 'El asistente no está disponible por el momento.',
  general_error: 'Ocurrió un error inesperado. Por favor, intenta de nuevo.',
  answer_delayed:
    'Tengo problemas técnicos en este momento. Ya recibí tu mensaje y te respondo en cuanto pueda.',
  unknown_user:
    '¡Hola! Esta cuenta todavía no está autorizada para usar Iris. Pide una invitación a quien administra tu cuenta.',
  link_ok: '¡Listo, {name}! Tu cuenta quedó vinculada. ¿En qué te ayudo?',
  link_invalid: 'Esta invitación no es válida o ya expiró. Pide una nueva.',
  link_already: 'Tu cuenta ya está vinculada. ¿En qué te ayudo?',
  not_allowed: 'Tu perfil no tiene permiso para esa acción.',
  feature_off: 'Esa función no está activa para tu cuenta. Habla con el responsable.',
  contact_mail_subject: 'Mensaje de {tenant}',
  contact_message_signature: '— {tenant} (enviado por la asistente Iris)',
};
