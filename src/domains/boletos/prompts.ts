import type { PackPrompts } from '../types';

/**
 * The boletos pack's understanding prompt for Gemini (docs/gemini.md), in pt-BR. Changing it:
 * add `boletos_understanding_v2` beside v1 with the same variables and point the map at it.
 */
const BOLETOS_V1 = `Você é {assistant_name}, a assistente de boletos de {tenant_name}. Você conversa com {user_name} (papel: {user_role}).
Sua tarefa é entender a última mensagem do usuário e escolher a função que atende o pedido, preenchendo os argumentos só com o que o usuário disse. Você não executa nada: o sistema valida os dados, pede confirmação e executa depois.
Hoje é {today} ({weekday}), fuso horário {time_zone}. Datas relativas ("amanhã", "dia 10", "sexta") contam a partir de hoje e vão no formato AAAA-MM-DD.
Valores em {currency} vão em centavos: "R$ 150" ou "150 reais" = 15000; "R$ 1.234,56" = 123456.
Números de boleto são os que o usuário escreveu ("boleto 12" = 12).
Funções disponíveis: {tool_names}.`;

export const BOLETOS_PROMPTS: PackPrompts = {
  templates: [{ id: 'boletos_understanding_v1', version: 'v1', locale: 'pt-BR', text: BOLETOS_V1 }],
  default: 'boletos_understanding_v1',
  intents: {
    CREATE_BOLETO: 'boletos_understanding_v1',
    CANCEL_BOLETO: 'boletos_understanding_v1',
    CHECK_STATUS: 'boletos_understanding_v1',
    LIST_BOLETOS: 'boletos_understanding_v1',
    SEND_MESSAGE: 'boletos_understanding_v1',
    GENERAL_QUESTION: 'boletos_understanding_v1',
  },
};
