import type { Locale } from '../../core/locale';

/** Every sentence the chat page shows, per locale (the replies come from the pipeline's catalogs). */
export const UI_STRINGS = {
  'pt-BR': {
    title: 'Iris',
    subtitle: 'Assistente de boletos e finanças',
    signInTitle: 'Entrar',
    demoIntro: 'Escolha um usuário de demonstração:',
    inviteLabel: 'Código de convite',
    inviteHint: 'Recebeu um código de convite? Digite-o aqui.',
    inviteButton: 'Entrar com o código',
    inputLabel: 'Sua mensagem',
    placeholder: 'Escreva sua mensagem…',
    send: 'Enviar',
    typing: 'Iris está digitando…',
    signOut: 'Sair',
    you: 'Você',
    iris: 'Iris',
    reconnecting: 'Sem conexão. Tentando de novo…',
    sendFailed: 'Não consegui enviar sua mensagem. Tente de novo.',
    signInFailed: 'Não foi possível entrar. Confira o código e tente de novo.',
    tooLong: 'Sua mensagem é longa demais.',
    language: 'Idioma',
    empty: 'Escreva uma mensagem para começar. Por exemplo: “cria um boleto de 150 pro João pra sexta”.',
  },
  'es-MX': {
    title: 'Iris',
    subtitle: 'Asistente de boletos y finanzas',
    signInTitle: 'Entrar',
    demoIntro: 'Elige un usuario de demostración:',
    inviteLabel: 'Código de invitación',
    inviteHint: '¿Recibiste un código de invitación? Escríbelo aquí.',
    inviteButton: 'Entrar con el código',
    inputLabel: 'Tu mensaje',
    placeholder: 'Escribe tu mensaje…',
    send: 'Enviar',
    typing: 'Iris está escribiendo…',
    signOut: 'Salir',
    you: 'Tú',
    iris: 'Iris',
    reconnecting: 'Sin conexión. Intentando de nuevo…',
    sendFailed: 'No pude enviar tu mensaje. Inténtalo de nuevo.',
    signInFailed: 'No se pudo entrar. Revisa el código e inténtalo de nuevo.',
    tooLong: 'Tu mensaje es demasiado largo.',
    language: 'Idioma',
    empty: 'Escribe un mensaje para empezar. Por ejemplo: “gasté 250 en uber ayer”.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** The page's language before sign-in, from the browser's Accept-Language. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  return /^\s*es\b/i.test(header ?? '') ? 'es-MX' : 'pt-BR';
}
