import type { SearchSynonyms } from '../search-synonyms';

/**
 * How people ask about boletos and money in words the documents do not use: each entry is the
 * documents' wording followed by the everyday, regional or texted ways of saying it. A question
 * that holds a variant is searched with the documents' words as well (keyword search cannot
 * see that "favorecido" is the "beneficiário"). General Brazilian vocabulary, not one
 * document's: a tenant's own documents use the same words.
 */
export const PT_BR_SEARCH_SYNONYMS: SearchSynonyms = [
  // A condominium's rules, as residents ask about them.
  [
    'animais de estimacao caes',
    [
      'cachorro',
      'cachorros',
      'cachorrinho',
      'cachorra',
      'dog',
      'doguinho',
      'gato',
      'gatos',
      'gatinho',
      'pet',
      'pets',
      'bicho',
    ],
  ],
  [
    'horario de silencio barulho',
    [
      'som alto',
      'festa ate tarde',
      'fazer barulho',
      'musica alta',
      'zoada',
      'som',
      'musica',
      'caixa de som',
      'barulhento',
    ],
  ],
  ['festas', ['niver', 'aniversario', 'comemoracao', 'festinha']],
  ['bicicletas bicicletario', ['bike', 'bikes', 'bicicleta', 'magrela']],
  ['churrasqueira', ['churras', 'churrasco']],
  ['taxa', ['quanto custa', 'de graca', 'gratis', 'gratuito', 'gratuita']],
  [
    'reciclagem reciclaveis',
    ['latinha', 'latinhas', 'lata', 'latas', 'garrafa', 'garrafas', 'papelao', 'plastico'],
  ],
  ['limpeza', ['limpar', 'limpo', 'limpa', 'faxina', 'sujeira']],
  ['antecedencia', ['quanto tempo antes', 'quantos dias antes', 'em cima da hora', 'de ultima hora']],
  ['mudancas', ['mudanca', 'me mudar', 'caminhao de mudanca']],
  ['obras reformas', ['obra', 'reforma', 'quebrar parede', 'furadeira']],
  ['nota fiscal', ['nf', 'nfe', 'nfs', 'nfse', 'cupom fiscal']],
  ['beneficiario', ['favorecido', 'cedente', 'recebedor', 'quem recebe']],
  ['pagador', ['sacado', 'quem paga']],
  [
    'cancelar',
    [
      'anular',
      'anula',
      'desfazer o boleto',
      'apagar o boleto',
      'excluir o boleto',
      'desmarcar',
      'desmarco',
      'desmarca',
    ],
  ],
  ['antecipado desconto', ['adiantado', 'adiantar', 'adianta', 'antes do prazo']],
  ['rapido', ['rapidinho', 'na mesma hora', 'mais depressa', 'ligeiro']],
  ['lembrete', ['lembrar', 'lembro', 'lembra', 'cutucar']],
  ['vencido atraso', ['deixou passar', 'passou a data', 'passou do dia', 'atrasou', 'atrasada']],
  [
    'linha digitavel',
    ['numeracao', 'sequencia de numeros', 'monte de numero', 'numero do boleto', 'codigo do boleto'],
  ],
  ['codigo de barras', ['codigo de barra', 'barrinhas', 'barras pretas', 'leitor', 'camera']],
  ['celular', ['cel', 'telefone', 'aparelho', 'smartphone']],
  ['voz audio', ['audio', 'audios', 'gravar', 'gravacao', 'falar em vez de escrever']],
  ['qr code pix', ['qr', 'quadradinho']],
  ['golpe falso', ['golpista', 'fraude', 'falsificado', 'falsificam', 'falsificar', 'clonado', 'adulterado']],
  [
    'compensacao confirmacao',
    [
      'cair na conta',
      'cai na conta',
      'caiu na conta',
      'entrar na conta',
      'aparecer como pago',
      'constar como pago',
    ],
  ],
  ['baixa', ['baixado', 'baixou', 'dar baixa']],
  ['cpf cnpj', ['documento do cliente', 'cadastro do cliente']],
  [
    'parcelar parcelas',
    ['parcelado', 'parcelamento', 'em vezes', '2x', '3x', '4x', '5x', '6x', '10x', '12x'],
  ],
  ['cadastradas usar', ['funcionaria', 'equipe', 'quem trabalha', 'trabalhava', 'acesso']],
  ['demonstracao', ['teste', 'ficticio', 'de mentira', 'simulado', 'exemplo']],
  ['registrado', ['valido', 'oficial']],
  ['multa juros', ['acrescimo', 'acrescimos', 'encargos', 'taxa de atraso']],
  ['segunda via', ['reenviar', 'reenvio', 'mandar de novo', 'perdeu o boleto']],
  ['pix transferencias', ['ted', 'doc', 'transferir', 'mandar dinheiro']],
  ['conta bancaria', ['conta que recebe', 'dados bancarios']],
  ['confirmacao sim', ['confirmar', 'responder sim']],
  ['perdi roubado', ['roubaram', 'furtaram', 'perdi o celular', 'levaram']],
  ['recusar', ['nao deixa pagar', 'nao pode ser pago', 'deu erro', 'nao aceita']],
  [
    'boleto novo',
    [
      'alterar o boleto',
      'mudar o boleto',
      'corrigir o boleto',
      'valor menor',
      'valor maior',
      'mudar o valor',
      'mudar a data',
    ],
  ],
  ['comprovante', ['print', 'foto do pagamento']],
  ['engano', ['errado', 'sem querer', 'voltar atras']],
  ['fim de semana feriado', ['domingo', 'feriadao']],
  ['boleto novo', ['outra data', 'adiar', 'prorrogar', 'passar o pagamento', 'empurrar o vencimento']],
  ['mensagem de cobranca educada', ['expor', 'grupo do bairro', 'constranger', 'humilhar']],
  ['cadastradas usar', ['pediu as contas', 'saiu da empresa', 'demiti', 'ex funcionario', 'ex funcionaria']],
];
